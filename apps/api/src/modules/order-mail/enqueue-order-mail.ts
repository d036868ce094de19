import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbExecutor } from '../../db/client';
import type { OrderMailKind } from './order-mail-outbox.table';

/**
 * Queues the e-mail of one order event, in the caller's transaction: it goes out only if the
 * change commits, and exactly once per order and kind (the outbox's unique key; a second call
 * is ignored). The mail is sent by the `order-mail` job (drain-order-mail.ts), never here.
 * The order row is copied as it is now: call this after the change it announces.
 */
export async function enqueueOrderMail(
  tx: DbExecutor,
  { orderId, kind }: { orderId: string; kind: OrderMailKind },
): Promise<void> {
  await tx.execute(sql`
    insert into order_mail_outbox (order_id, kind, order_snapshot)
    select o.id, ${kind}, to_jsonb(o) from orders o where o.id = ${orderId}
    on conflict (order_id, kind) do nothing`);
}

/**
 * Deletes the unpaid orders `where` picks and queues each one's `kind` mail with its last state,
 * in one statement: today a cancelled or expired order's row is deleted (docs/behaviour.md §5.1),
 * so the mail must copy it on its way out. Answers what to give back to the stock.
 */
export async function deleteOrdersWithMail(
  tx: DbExecutor,
  where: SQL,
  kind: Extract<OrderMailKind, 'cancelled' | 'expired'>,
): Promise<{ id: string; toolId: string | null; quantity: number }[]> {
  const result = await tx.execute(sql`
    with gone as (delete from orders where paid = false and (${where}) returning *),
    queued as (
      insert into order_mail_outbox (order_id, kind, order_snapshot)
      select gone.id, ${kind}, to_jsonb(gone) from gone
      on conflict (order_id, kind) do nothing
    )
    select id, tool_id as "toolId", quantity from gone`);
  return rowsOf<{ id: string; toolId: string | null; quantity: number }>(result);
}
