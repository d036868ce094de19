import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { isUuid } from '../../lib/ids';
import { deleteOrdersWithMail, enqueueOrderMail } from '../order-mail/enqueue-order-mail';
import type { OrderRow } from './find-order';
import { orders } from './orders.table';

/**
 * The order's state machine: unpaid -> paid -> shipped, or an unpaid order cancelled (deleted).
 * Each transition is a guarded update, so of two racing requests exactly one changes the row.
 * Only the orders module writes these columns; payments ask for `markPaid`.
 */

/** The order, locked until the transaction ends (a payment settling against it). */
export async function lockOrder(tx: DbExecutor, id: string): Promise<OrderRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1).for('update');
  return row;
}

/** unpaid -> paid, by the processor's transaction; false when it was no longer unpaid. */
export async function markPaid(tx: DbExecutor, id: string, transactionId: string): Promise<boolean> {
  const changed = await tx
    .update(orders)
    .set({ paid: true, transactionId, paidAt: sql`now()` })
    .where(and(eq(orders.id, id), eq(orders.paid, false)))
    .returning({ id: orders.id });
  if (changed.length > 0) await enqueueOrderMail(tx, { orderId: id, kind: 'paid' });
  return changed.length > 0;
}

/** paid -> shipped; false when it was not paid or already shipped. */
export async function markShipped(tx: DbExecutor, id: string): Promise<boolean> {
  const changed = await tx
    .update(orders)
    .set({ ship: true, shippedAt: sql`now()` })
    .where(and(eq(orders.id, id), eq(orders.paid, true), eq(orders.ship, false)))
    .returning({ id: orders.id });
  if (changed.length > 0) await enqueueOrderMail(tx, { orderId: id, kind: 'shipped' });
  return changed.length > 0;
}

/**
 * unpaid -> cancelled: the row goes. Answers the quantity and tool to release, or null when it
 * was not an unpaid order of `userId` any more (paid meanwhile, or cancelled by another request).
 */
export async function removeUnpaid(
  tx: DbExecutor,
  id: string,
  userId: string,
): Promise<{ toolId: string | null; quantity: number } | null> {
  // The 'cancelled' mail is queued by the same statement that deletes the row.
  const [removed] = await deleteOrdersWithMail(
    tx,
    and(eq(orders.id, id), eq(orders.userId, userId))!,
    'cancelled',
  );
  return removed ? { toolId: removed.toolId, quantity: removed.quantity } : null;
}
