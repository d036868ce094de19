import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../../db/client';
import { isUuid } from '../../../lib/ids';
import { enqueueOrderMail } from '../order-mail/enqueue-order-mail';
import { releaseStock } from '../../catalogue';
import type { OrderRow } from './find-order';
import { recordOrderEvent } from './order-events';
import { linesOf } from './order-lines';
import { orders } from './orders.table';
import { orderTaxLines } from './order-tax-lines.table';

/**
 * The order's state machine (docs/behaviour.md §5.5):
 *   unpaid -> paid -> shipped
 *   unpaid -> cancelled (customer or admin) | expired (the shop, after UNPAID_ORDER_TTL)
 *   paid -> refunding (admin cancels) -> refunded
 *   cancelled | expired -> refunding (a payment confirmed too late) -> refunded
 * Each transition is a guarded update on the state it leaves, so of two racing requests exactly
 * one changes the row; the winner writes the event (recordOrderEvent) and moves stock in the
 * same transaction. Only the orders module writes these columns.
 */

/** The order, locked until the transaction ends (a payment settling against it). */
export async function lockOrder(tx: DbExecutor, id: string): Promise<OrderRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1).for('update');
  return row;
}

/**
 * A confirmed payment lands: unpaid -> paid, or, when the order was cancelled or expired
 * meanwhile, cancelled|expired -> refunding (the money is given back, never kept for an order
 * that will not ship). Answers the state reached, or null when neither applied. An order paid by
 * invoice (docs/behaviour.md §5.23) sends the invoice instead of the receipt.
 */
export async function markPaid(
  tx: DbExecutor,
  id: string,
  transactionId: string,
  actorUserId: string | null,
  mail: 'paid' | 'invoiced' = 'paid',
): Promise<'paid' | 'refunding' | null> {
  const [changed] = await tx
    .update(orders)
    .set({
      paid: true,
      transactionId,
      paidAt: sql`now()`,
      state: sql`CASE WHEN ${orders.state} = 'unpaid' THEN 'paid' ELSE 'refunding' END`,
    })
    .where(and(eq(orders.id, id), inArray(orders.state, ['unpaid', 'cancelled', 'expired'])))
    .returning({ state: orders.state });
  if (!changed) return null;
  await recordOrderEvent(tx, { orderId: id, kind: 'paid', actorUserId });
  if (changed.state !== 'paid') return 'refunding';
  // The receipt goes only for an order that will ship; a late payment's mail is its refund's.
  await enqueueOrderMail(tx, { orderId: id, kind: mail });
  return 'paid';
}

export interface ShippingDetails {
  carrier?: string | null;
  trackingNumber?: string | null;
}

/** paid -> shipped, with the optional carrier and tracking number; false when it was not paid. */
export async function markShipped(
  tx: DbExecutor,
  id: string,
  details: ShippingDetails,
  actorUserId: string,
): Promise<boolean> {
  const carrier = details.carrier || null;
  const trackingNumber = details.trackingNumber || null;
  const changed = await tx
    .update(orders)
    .set({ ship: true, state: 'shipped', shippedAt: sql`now()`, carrier, trackingNumber })
    .where(and(eq(orders.id, id), eq(orders.state, 'paid')))
    .returning({ id: orders.id });
  if (changed.length === 0) return false;
  await recordOrderEvent(tx, {
    orderId: id,
    kind: 'shipped',
    actorUserId,
    details: {
      ...(carrier && { carrier }),
      ...(trackingNumber && { trackingNumber }),
    },
  });
  return true;
}

export type CloseReason = 'cancelled-by-customer' | 'cancelled-by-admin' | 'approval-declined' | 'expired';

/**
 * unpaid -> cancelled or expired, giving its units back, once. `onlyOwner` limits it to one
 * customer's order; `createdBefore` to orders older than the expiry's cutoff. False when it was
 * no longer unpaid (paid, cancelled or expired by another request meanwhile).
 */
export async function closeUnpaid(
  tx: DbExecutor,
  id: string,
  reason: CloseReason,
  {
    actorUserId,
    onlyOwner,
    createdBefore,
  }: { actorUserId: string | null; onlyOwner?: string; createdBefore?: Date },
): Promise<boolean> {
  const [closed] = await tx
    .update(orders)
    .set({
      state: reason === 'expired' ? 'expired' : 'cancelled',
      closedAt: sql`now()`,
      stockReleasedAt: sql`now()`,
    })
    .where(
      and(
        eq(orders.id, id),
        eq(orders.state, 'unpaid'),
        onlyOwner ? eq(orders.userId, onlyOwner) : undefined,
        createdBefore ? sql`${orders.createdAt} < ${createdBefore.toISOString()}` : undefined,
      ),
    )
    .returning({ id: orders.id });
  if (!closed) return false;
  await releaseLines(tx, id, actorUserId);
  await recordOrderEvent(tx, { orderId: id, kind: reason, actorUserId });
  return true;
}

/** paid -> refunding: an admin cancels a paid, unshipped order; the refund follows. */
export async function startRefund(tx: DbExecutor, id: string, adminId: string): Promise<boolean> {
  const changed = await tx
    .update(orders)
    .set({ state: 'refunding', closedAt: sql`now()` })
    .where(and(eq(orders.id, id), eq(orders.state, 'paid')))
    .returning({ id: orders.id });
  if (changed.length === 0) return false;
  await recordOrderEvent(tx, { orderId: id, kind: 'cancelled-by-admin', actorUserId: adminId });
  return true;
}

/**
 * refunding -> refunded, once the processor has refunded the payment. Its units go back unless
 * they already did (an order cancelled or expired before its late payment). False when another
 * request finished the refund first.
 */
export async function finishRefund(
  tx: DbExecutor,
  id: string,
  refundId: string,
  actorUserId: string | null,
): Promise<boolean> {
  const order = await lockOrder(tx, id);
  if (order?.state !== 'refunding') return false;
  await tx
    .update(orders)
    .set({
      state: 'refunded',
      refundId,
      closedAt: sql`coalesce(${orders.closedAt}, now())`,
      stockReleasedAt: sql`coalesce(${orders.stockReleasedAt}, now())`,
    })
    .where(eq(orders.id, id));
  if (!order.stockReleasedAt) await releaseLines(tx, id, actorUserId);
  // The money went back, and with it the tax the order was charged (docs/behaviour.md §5.22).
  await tx
    .update(orderTaxLines)
    .set({ reversedAt: sql`now()` })
    .where(eq(orderTaxLines.orderId, id));
  await recordOrderEvent(tx, { orderId: id, kind: 'refunded', actorUserId, details: { refundId } });
  return true;
}

/**
 * Gives every line's units back to its tool, for the caller that won the guarded update setting
 * the order's stock_released_at (so once per order). Tools in id order, as place_order locks them:
 * a release and an order of the same tools wait for each other rather than deadlock.
 */
async function releaseLines(tx: DbExecutor, orderId: string, actorUserId: string | null): Promise<void> {
  const lines = await linesOf(tx, orderId);
  lines.sort((a, b) => (a.toolId ?? '').localeCompare(b.toolId ?? ''));
  for (const line of lines) {
    await releaseStock(tx, { toolId: line.toolId, quantity: line.quantity, orderId, actorUserId });
  }
}
