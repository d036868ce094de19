import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { rowsOf, type Database } from '../../../db/client';
import type { Mailer } from '../../mail';
import { linesOfOrders, type OrderLineRow } from '../orders/order-lines';
import {
  isInvoiceMailKind,
  orderMailMessage,
  orderOfSnapshot,
  type InvoiceMailComposer,
} from './order-mail-message';
import type { OrderMailKind } from '@shop/shared/contracts/order-mail';

export interface OrderMailDrain {
  db: Database;
  mailer: Pick<Mailer, 'sendNow'>;
  publicUrl: string;
  unpaidOrderTtlMs: number;
  /** Waits before each retry: a row is tried `retryDelaysMs.length + 1` times, then kept as failed. */
  retryDelaysMs: readonly number[];
  log: FastifyBaseLogger;
  /**
   * How long a claim holds a batch: longer than sending the whole batch can take (mailer.ts
   * bounds one message at about 40 s), so no claim lapses while its drain is still at work.
   */
  claimMs?: number;
  batchSize?: number;
  /** An invoice's mails (its PDF, its reminders): the invoicing module composes them. */
  invoiceMail: InvoiceMailComposer;
}

interface ClaimedRow {
  id: number;
  order_id: string;
  kind: OrderMailKind;
  order_snapshot: unknown;
  attempts: number;
  /** Whether an account proved it owns the address the mail goes to (now, not at the event). */
  recipient_verified: boolean;
}

/**
 * Takes due rows no other drain holds (SKIP LOCKED, then a claim that outlives the statement),
 * so two instances draining at once never send the same row; a drain that dies mid-send lets
 * go when its claim passes, and the row is sent again then (at least once, never dropped).
 */
async function claimDueRows(db: Database, claimMs: number, batchSize: number): Promise<ClaimedRow[]> {
  const result = await db.execute(sql`
    with claimed as (
      update order_mail_outbox
      set claimed_until = now() + make_interval(secs => ${claimMs / 1000}), attempts = attempts + 1
      where id in (
        select id from order_mail_outbox
        where status = 'pending' and next_attempt_at <= now()
          and (claimed_until is null or claimed_until < now())
        order by id
        limit ${batchSize}
        for update skip locked
      )
      returning id, order_id, kind, order_snapshot, attempts
    )
    select claimed.*, exists (
      select 1 from users
      where users.email = claimed.order_snapshot ->> 'email' and users.email_verified
    ) as recipient_verified
    from claimed`);
  return rowsOf<ClaimedRow>(result);
}

const messageText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Sends every order mail that is due, oldest first (docs/behaviour.md §5.13). A refused mail
 * waits `retryDelaysMs[attempt - 1]` before its next try; after the last it stays in the table
 * as `failed` with its error, and is logged. Answers when the next waiting row is due (the job
 * wakes itself then) or null when nothing waits.
 */
export async function drainOrderMail(
  options: OrderMailDrain,
): Promise<{ sent: number; nextDueAt: Date | null }> {
  const { db, mailer, retryDelaysMs, log, claimMs = 600_000, batchSize = 10 } = options;
  let sent = 0;
  for (;;) {
    const rows = await claimDueRows(db, claimMs, batchSize);
    // An order's lines never change once placed: read as they are for the batch's orders.
    const lines = await linesOfOrders(
      db,
      rows.map((row) => row.order_id),
    );
    const sentIds: number[] = [];
    for (const row of rows) {
      try {
        const mailLines = (lines.get(row.order_id) ?? []).map(toMailLine);
        const message = isInvoiceMailKind(row.kind)
          ? await options.invoiceMail(row.kind, row.order_id, orderOfSnapshot(row.order_snapshot, mailLines))
          : orderMailMessage(row.kind, row.order_snapshot, mailLines, {
              ...options,
              recipientVerified: row.recipient_verified,
            });
        if (message) {
          await mailer.sendNow(message.template, message.to, message.data, {
            // The same Message-ID on a repeat (a drain died after the server took it): receivers can tell.
            messageId: `<order-${row.order_id}-${row.kind}@${new URL(options.publicUrl).hostname}>`,
            attachments: message.attachments,
          });
        }
        sentIds.push(row.id);
      } catch (error) {
        const delay = retryDelaysMs[row.attempts - 1];
        if (delay === undefined) {
          log.error(
            { err: error, orderId: row.order_id, kind: row.kind, attempts: row.attempts },
            'Order mail could not be sent; kept as failed in order_mail_outbox',
          );
        } else {
          log.warn(
            { err: error, orderId: row.order_id, kind: row.kind, attempt: row.attempts },
            `Order mail not sent; trying again in ${delay} ms`,
          );
        }
        await db.execute(sql`
          update order_mail_outbox
          set status = ${delay === undefined ? 'failed' : 'pending'},
              next_attempt_at = now() + make_interval(secs => ${(delay ?? 0) / 1000}),
              claimed_until = null, last_error = ${messageText(error)}
          where id = ${row.id}`);
      }
    }
    // One write for the batch's sent rows, not one per mail: in a sale, a commit per mail
    // doubled the database's commits per order. A drain dying before it would send the batch's
    // mails again once the claim lapses: at least once, as before (decision 0030).
    if (sentIds.length > 0) {
      await db.execute(sql`
        update order_mail_outbox set status = 'sent', sent_at = now(), claimed_until = null, last_error = null
        where id in (${sql.join(sentIds, sql`, `)})`);
      sent += sentIds.length;
    }
    if (rows.length < batchSize) break;
  }
  const [next] = rowsOf<{ due: string | Date | null }>(
    // A row another drain holds is ours to take only when its claim lapses.
    await db.execute(sql`
      select min(greatest(next_attempt_at, coalesce(claimed_until, next_attempt_at))) as due
      from order_mail_outbox where status = 'pending'`),
  );
  return { sent, nextDueAt: next?.due ? new Date(next.due) : null };
}

const toMailLine = (line: OrderLineRow) => ({
  toolName: line.toolName,
  quantity: line.quantity,
  unitPriceCents: line.unitPriceCents,
  lineTotalCents: line.lineTotalCents,
});

/**
 * Lets go of every claim, at the start of an instance that is the database's only user (the
 * embedded PGlite, which one process opens at a time): a claim found then was made by a run of
 * the shop that stopped mid-send (a crash, a kill), and nothing can still be sending it. Without
 * this its mail would wait for the claim to lapse (ten minutes) after the restart.
 */
export async function releaseOrderMailClaims(db: Database): Promise<void> {
  await db.execute(sql`
    update order_mail_outbox set claimed_until = null
    where status = 'pending' and claimed_until is not null`);
}
