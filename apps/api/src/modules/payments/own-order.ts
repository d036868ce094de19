import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { forbidden, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Actor } from '../accounts/actor';
import { orders } from '../orders/orders.table';

export type OrderRow = typeof orders.$inferSelect;

/** The caller's own order: unknown is a 404, someone else's a 403 (an admin pays for no one). */
export async function findOwnOrder(db: DbExecutor, actor: Actor, orderId: string): Promise<OrderRow> {
  const [order] = isUuid(orderId)
    ? await db.select().from(orders).where(eq(orders.id, orderId)).limit(1)
    : [];
  if (!order) throw notFound('Order');
  if (order.userId !== actor.id) throw forbidden('This is not your order');
  return order;
}
