import { and, asc, eq, lt } from 'drizzle-orm';
import type { OrderCloseDeps } from './order-close-deps';
import { closeUnpaid } from './order-transitions';
import { orders } from './orders.table';

/** Due orders are read this many at a time, so a long backlog never loads at once. */
const BATCH = 500;

/**
 * Expires every unpaid order placed more than `ttlMs` before `now` (UNPAID_ORDER_TTL,
 * docs/behaviour.md §5.11): unpaid -> expired, its stock released and its 'expired' event written,
 * each order in its own short transaction. The guarded update (still unpaid, still older than
 * the cutoff) makes it exactly once even against a payment, a cancel or another expiry run at
 * the same instant: whichever commits first wins, the others change nothing. Once an expiry is
 * committed, the order's payment intent, if one was started, is cancelled at the processor as a
 * customer's cancel does (so an open card form can no longer charge it); a payment that got there
 * first is refunded at once (cancel-payment-in-flight.ts). A processor that fails to answer is
 * told to `onPaymentCancelError` and does not stop the run: a payment confirmed later is refunded
 * when it arrives (settle-payment.ts). Answers the ids it expired.
 * Called on a schedule by the job queue.
 */
export async function expireDueOrders(
  { db, payments, tellChanged, onPaymentCancelError }: OrderCloseDeps,
  { now, ttlMs }: { now: Date; ttlMs: number },
): Promise<string[]> {
  const cutoff = new Date(now.getTime() - ttlMs);
  const expired: string[] = [];
  // Each batch's orders all leave 'unpaid' (expired here, or paid or cancelled by the request
  // that won), so the next read finds the next ones and the loop ends.
  for (;;) {
    const due = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.state, 'unpaid'), lt(orders.createdAt, cutoff)))
      .orderBy(asc(orders.createdAt))
      .limit(BATCH);
    for (const { id } of due) {
      const won = await db.transaction((tx) =>
        closeUnpaid(tx, id, 'expired', { actorUserId: null, createdBefore: cutoff }),
      );
      if (!won) continue;
      expired.push(id);
      tellChanged('tools');
      await payments.cancelInFlight(id).catch(onPaymentCancelError);
    }
    if (due.length < BATCH) return expired;
  }
}
