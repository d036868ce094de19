import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deleteOrdersWithMail } from '../order-mail/enqueue-order-mail';
import { releaseStock } from '../stock/stock.service';

/** Orders expired per transaction: a long backlog is worked off in several short ones. */
const BATCH = 500;

/**
 * Cancels every unpaid order placed `ttlMs` or longer before `now`, gives its stock back and
 * queues its 'expired' mail, in one transaction per batch; answers the expired orders' ids
 * (docs/behaviour.md §20.4). The delete is guarded (`paid = false`) and skips rows another
 * transaction holds (a payment or a cancel in flight): of an expiry and a payment or cancel
 * racing, exactly one changes the order, and stock comes back once.
 */
export async function expireDueOrders(
  db: Database,
  { now, ttlMs }: { now: Date; ttlMs: number },
): Promise<string[]> {
  const cutoff = new Date(now.getTime() - ttlMs).toISOString();
  const expired: string[] = [];
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const gone = await deleteOrdersWithMail(
        tx,
        sql`id in (
          select id from orders where paid = false and created_at <= ${cutoff}::timestamptz
          order by created_at limit ${BATCH} for update skip locked)`,
        'expired',
      );
      for (const order of gone) {
        await releaseStock(tx, {
          toolId: order.toolId,
          quantity: order.quantity,
          orderId: order.id,
          actorUserId: null,
        });
      }
      return gone.map((order) => order.id);
    });
    expired.push(...batch);
    if (batch.length < BATCH) return expired;
  }
}
