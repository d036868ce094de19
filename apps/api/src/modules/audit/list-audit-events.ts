import { and, eq, ilike, or } from 'drizzle-orm';
import type { AuditEvent, AuditListQuery } from '@shop/shared/contracts/audit';
import type { Database } from '../../db/client';
import {
  afterCursor,
  containsPattern,
  orderByKeyset,
  pageLimit,
  pageOf,
  timestampKey,
} from '../../lib/keyset';
import { auditEvents } from './audit-events.table';

const newestFirst = timestampKey('audit', auditEvents.occurredAt, auditEvents.id, 'uuid', 'desc');

type Row = typeof auditEvents.$inferSelect;

const toDto = (row: Row): AuditEvent => ({
  _id: row.id,
  at: row.occurredAt.toISOString(),
  actor: { id: row.actorUserId, email: row.actorEmail, name: row.actorName },
  kind: row.kind,
  target: { type: row.targetType, id: row.targetId, label: row.targetLabel },
  before: row.before,
  after: row.after,
  note: row.note,
});

/** One page of the trail, newest first, by actor (part of the e-mail or name) and kind (§9.11). */
export async function listAuditEvents(
  db: Database,
  query: AuditListQuery,
): Promise<{ events: AuditEvent[]; nextCursor: string | null }> {
  const limit = pageLimit(query.limit);
  const actor = query.actor ? containsPattern(query.actor) : undefined;
  const rows = await db
    .select({ event: auditEvents, id: auditEvents.id, keyText: newestFirst.keyText })
    .from(auditEvents)
    .where(
      and(
        actor ? or(ilike(auditEvents.actorEmail, actor), ilike(auditEvents.actorName, actor)) : undefined,
        query.kind ? eq(auditEvents.kind, query.kind) : undefined,
        afterCursor(newestFirst, query.cursor),
      ),
    )
    .orderBy(...orderByKeyset(newestFirst))
    .limit(limit + 1);
  const page = pageOf(newestFirst, rows, limit);
  return { events: page.rows.map((row) => toDto(row.event)), nextCursor: page.nextCursor };
}
