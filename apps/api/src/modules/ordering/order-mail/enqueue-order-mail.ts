import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../../db/client';
import type { OrderMailKind } from '@shop/shared/contracts/order-mail';

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
 * Takes the order's copy again for its mail of `kind` not sent yet, in the caller's transaction:
 * the order changed before the mail went (paid by invoice in the checkout that placed it).
 */
export async function refreshQueuedOrderMail(
  tx: DbExecutor,
  { orderId, kind }: { orderId: string; kind: OrderMailKind },
): Promise<void> {
  await tx.execute(sql`
    update order_mail_outbox m set order_snapshot = to_jsonb(o)
      from orders o
     where o.id = ${orderId} and m.order_id = o.id and m.kind = ${kind} and m.status = 'pending'`);
}
