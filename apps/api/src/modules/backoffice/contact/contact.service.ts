import { and, count, desc, eq, lt, ne, or, type SQL } from 'drizzle-orm';
import type {
  ContactFilter,
  ContactMessage,
  ContactMessagePage,
  ContactState,
  contactMessageBody,
} from '@shop/shared/contracts/contact';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { recordAudit, type AuditActor } from '../../audit';
import { contactMessages } from './contact-messages.table';

type Row = typeof contactMessages.$inferSelect;
type NewMessage = z.output<typeof contactMessageBody>;

const toDto = (row: Row): ContactMessage => ({
  _id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  message: row.message,
  state: row.state,
  createdAt: row.createdAt.toISOString(),
});

const notFound = () => new AppError('not-found', 'This message does not exist');

/**
 * Stores a message and returns it, or null for a bot: a filled honeypot (`website`) is answered
 * as if sent and stores nothing (docs/behaviour.md §8.5).
 */
export async function storeContactMessage(db: Database, body: NewMessage): Promise<ContactMessage | null> {
  if (body.website?.trim()) return null;
  const [row] = await db
    .insert(contactMessages)
    .values({
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      phone: body.phone,
      message: body.message,
      // Milliseconds, as JavaScript keeps them: the cursor of a page then names a row exactly
      // (PostgreSQL's now() has microseconds, which a Date would round away).
      createdAt: new Date(),
    })
    .returning();
  return toDto(row!);
}

/** The cursor of a page: the last message's time and id, opaque to callers. */
const encodeCursor = (row: Row) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [time = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(time);
  // Years 1 to 9999 only: JavaScript's dates reach further than PostgreSQL's timestamps.
  const year = createdAt.getUTCFullYear();
  if (rest.length > 0 || !isUuid(id) || Number.isNaN(createdAt.getTime()) || year < 1 || year > 9999) {
    throw new AppError('invalid-input', 'This cursor is not valid: start again from the first page', [
      { field: 'cursor', message: 'This cursor is not valid: start again from the first page' },
    ]);
  }
  return { createdAt, id };
}

const filterCondition = (filter: ContactFilter): SQL =>
  filter === 'inbox' ? ne(contactMessages.state, 'archived') : eq(contactMessages.state, filter);

/** The inbox, newest first, `limit` at a time (docs/behaviour.md §8.7). */
export async function listContactMessages(
  db: Database,
  query: { state: ContactFilter; cursor?: string | undefined; limit: number },
): Promise<ContactMessagePage> {
  const conditions = [filterCondition(query.state)];
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    conditions.push(
      or(
        lt(contactMessages.createdAt, after.createdAt),
        and(eq(contactMessages.createdAt, after.createdAt), lt(contactMessages.id, after.id)),
      )!,
    );
  }
  const rows = await db
    .select()
    .from(contactMessages)
    .where(and(...conditions))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(query.limit + 1);
  const [unread] = await db
    .select({ value: count() })
    .from(contactMessages)
    .where(eq(contactMessages.state, 'unread'));
  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  return {
    messages: page.map(toDto),
    nextCursor: hasMore ? encodeCursor(page.at(-1)!) : null,
    unreadCount: unread?.value ?? 0,
  };
}

export async function getContactMessage(db: Database, id: string): Promise<ContactMessage> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!row) throw notFound();
  return toDto(row);
}

/** Read, unread, archived, or back from the archive (as read). */
export async function setContactMessageState(
  db: Database,
  id: string,
  state: ContactState,
  actor: AuditActor,
): Promise<ContactMessage> {
  if (!isUuid(id)) throw notFound();
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
    if (!before) throw notFound();
    if (before.state === state) return toDto(before);
    const [row] = await tx
      .update(contactMessages)
      .set({ state })
      .where(eq(contactMessages.id, id))
      .returning();
    // The label names the sender, not the message: the trail is no copy of the inbox.
    const sender = [row!.firstName, row!.lastName].filter(Boolean).join(' ');
    const target = { type: 'contact-message', id, label: `${sender} <${row!.email}>` } as const;
    await recordAudit(tx, {
      actor,
      kind: 'contact.state',
      target,
      before: { state: before.state },
      after: { state },
    });
    return toDto(row!);
  });
}
