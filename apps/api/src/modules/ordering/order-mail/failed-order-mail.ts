import { count, desc, eq, and, sql } from 'drizzle-orm';
import {
  FAILED_ORDER_MAIL_LIST_COUNT,
  type FailedOrderMail,
  type FailedOrderMailList,
} from '@shop/shared/contracts/order-mail';
import type { Database } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import { recordAudit, type AuditActor } from '../../audit';
import { orderMailOutbox } from './order-mail-outbox.table';

const fromOrder = (field: string) => sql<string>`coalesce(${orderMailOutbox.orderSnapshot}->>${field}, '')`;

const columns = {
  id: orderMailOutbox.id,
  orderId: orderMailOutbox.orderId,
  kind: orderMailOutbox.kind,
  to: fromOrder('email'),
  toolName: fromOrder('tool_name'),
  attempts: orderMailOutbox.attempts,
  lastError: orderMailOutbox.lastError,
  queuedAt: orderMailOutbox.createdAt,
};

const toDto = ({
  id,
  queuedAt,
  ...row
}: { id: number; queuedAt: Date } & Omit<FailedOrderMail, '_id' | 'queuedAt'>) => ({
  _id: String(id),
  ...row,
  queuedAt: queuedAt.toISOString(),
});

const isFailed = eq(orderMailOutbox.status, 'failed');

/**
 * The order e-mails the drain gave up on after every retry (docs/behaviour.md §5.13): the owner
 * sees them on the dashboard instead of only in the log.
 */
export async function listFailedOrderMail(db: Database): Promise<FailedOrderMailList> {
  const [total] = await db.select({ count: count() }).from(orderMailOutbox).where(isFailed);
  const rows = await db
    .select(columns)
    .from(orderMailOutbox)
    .where(isFailed)
    .orderBy(desc(orderMailOutbox.id))
    .limit(FAILED_ORDER_MAIL_LIST_COUNT);
  return { count: total?.count ?? 0, mails: rows.map(toDto) };
}

/**
 * Puts a failed e-mail back in the queue with its retries afresh: the next drain (woken by this
 * request's answer) sends it. Only a failed one: a pending or sent mail is not sent twice.
 */
export async function retryFailedOrderMail(
  db: Database,
  actor: AuditActor,
  id: string,
): Promise<FailedOrderMail> {
  if (!/^\d{1,18}$/.test(id)) throw notFound('Failed e-mail');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(orderMailOutbox)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, claimedUntil: null })
      .where(and(eq(orderMailOutbox.id, Number(id)), isFailed))
      .returning(columns);
    if (!row) throw notFound('Failed e-mail');
    await recordAudit(tx, {
      actor,
      kind: 'order-mail.retry',
      target: { type: 'order', id: row.orderId, label: `The ${row.kind} e-mail to ${row.to}` },
      before: { status: 'failed', lastError: row.lastError },
      after: { status: 'pending' },
    });
    return toDto(row);
  });
}
