import { and, desc, eq, or } from 'drizzle-orm';
import type { Order, OrderDetail, ShipOrderBody } from '@shop/shared/contracts/orders';
import type { AdminOrdersQuery } from '@shop/shared/contracts/receipts';
import type { Database } from '../../../db/client';
import { AppError, conflict, notFound } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { afterCursor, orderByKeyset, pageLimit, pageOf, timestampKey } from '../../../lib/keyset';
import type { Actor } from '../../../lib/request-context';
import { recordAudit } from '../../audit';
import { membershipOf } from '../../companies';
import { findOrderFor, findOrderRow, type OrderRow } from './find-order';
import { toOrderDto } from './order-dto';
import { toOrderDetail } from './order-lines';
import { orderAuditTarget } from './order-audit-target';
import { matchingOrders } from './order-filter';
import { closeUnpaid, markShipped } from './order-transitions';
import { orders } from './orders.table';
import type { OrderCloseDeps } from './order-close-deps';

const newestFirst = [desc(orders.createdAt), desc(orders.id)] as const;

/** The caller's orders (and their company's), newest first; asking for another e-mail's is refused. */
export async function listOrdersOf(
  db: Database,
  actor: Actor,
  { email, placedBy }: { email?: string; placedBy?: string },
): Promise<Order[]> {
  if (email !== undefined && email.trim().toLowerCase() !== actor.email.toLowerCase()) {
    throw new AppError('forbidden', 'You can only see your own orders');
  }
  // A company member sees the company's orders, each with who placed it, and the orders they
  // placed before joining (docs/behaviour.md §4.19); `placedBy` keeps one member's.
  const membership = await membershipOf(db, actor.id);
  const whose = membership
    ? or(eq(orders.companyId, membership.companyId), eq(orders.userId, actor.id))
    : eq(orders.userId, actor.id);
  const rows = await db
    .select()
    .from(orders)
    .where(and(whose, placedBy === undefined ? undefined : eq(orders.userId, placedBy)))
    .orderBy(...newestFirst);
  return rows.map(toOrderDto);
}

/** Every order, newest first (admin). */
export async function listAllOrders(db: Database): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .orderBy(...newestFirst);
  return rows.map(toOrderDto);
}

/** Orders newest first, a page at a time (the admin list and the CSV export). */
export const newestPages = timestampKey('orders', orders.createdAt, orders.id, 'uuid', 'desc');

/**
 * One page of every order, newest first, optionally only those in a state or whose customer name
 * or e-mail contains `q` (admin; docs/behaviour.md §9.4, §5.15).
 */
export async function listOrdersPage(
  db: Database,
  query: AdminOrdersQuery,
): Promise<{ orders: Order[]; nextCursor: string | null }> {
  const limit = pageLimit(query.limit);
  const rows = await db
    .select({ order: orders, keyText: newestPages.keyText, id: orders.id })
    .from(orders)
    .where(and(matchingOrders(query), afterCursor(newestPages, query.cursor)))
    .orderBy(...orderByKeyset(newestPages))
    .limit(limit + 1);
  const page = pageOf(newestPages, rows, limit);
  return { orders: page.rows.map((row) => toOrderDto(row.order)), nextCursor: page.nextCursor };
}

/** One order, for its owner or an admin. */
export async function getOrder(db: Database, actor: Actor, id: string): Promise<OrderDetail> {
  return toOrderDetail(db, await findOrderFor(db, actor, id, { admins: true }));
}

/**
 * Cancels the caller's own unpaid order (docs/behaviour.md §5.5): the row stays, as 'cancelled',
 * and its units go back to the tool with their release in the stock ledger, in one transaction.
 * The guarded update decides: of two concurrent cancels (or a cancel and a payment, or expiry)
 * only one changes the row, so the stock is released exactly once. The caller then cancels the
 * payment in flight, if any (payments/cancel-payment-in-flight.ts).
 */
/**
 * A customer cancels their own unpaid order (docs/behaviour.md §5.10): it stays, as 'cancelled',
 * its stock returned; once that is committed its payment in flight, if any, is cancelled (or,
 * if it got there first, refunded).
 */
export async function cancelOrder(deps: OrderCloseDeps, actor: Actor, id: string): Promise<number> {
  const { db, payments, tellChanged, onPaymentCancelError } = deps;
  const cancelled = await db.transaction(async (tx) => {
    const order = await findOrderFor(tx, actor, id, { admins: false });
    const closed = await closeUnpaid(tx, order.id, 'cancelled-by-customer', {
      actorUserId: actor.id,
      onlyOwner: actor.id,
    });
    if (!closed) throw whyNotCancellable((await findOrderRow(tx, id)) ?? order);
    return 1;
  });
  tellChanged('tools');
  await payments.cancelInFlight(id).catch(onPaymentCancelError);
  return cancelled;
}

/** The 409 for an order that is no longer unpaid, by what it became. */
export function whyNotCancellable(order: OrderRow): AppError {
  switch (order.state) {
    case 'cancelled':
      return conflict('This order has already been cancelled');
    case 'expired':
      return conflict('This order has already expired');
    case 'shipped':
      return conflict('A shipped order cannot be cancelled');
    case 'refunding':
    case 'refunded':
      return conflict('This order has already been refunded');
    default:
      return conflict('A paid order cannot be cancelled');
  }
}

/**
 * Marks a paid, unshipped order as shipped (admin), with an optional carrier and tracking
 * number shown to the customer (§5.9). There is no way back.
 */
export async function shipOrder(
  db: Database,
  admin: Actor,
  id: string,
  body: ShipOrderBody,
): Promise<{ modifiedCount: number }> {
  if (!isUuid(id)) throw notFound('Order');
  const shipped = await db.transaction(async (tx) => {
    if (!(await markShipped(tx, id, body ?? {}, admin.id))) return false;
    const row = (await findOrderRow(tx, id))!;
    await recordAudit(tx, {
      actor: admin,
      kind: 'order.ship',
      target: orderAuditTarget(row),
      before: { ship: false },
      after: { ship: true, carrier: row.carrier, trackingNumber: row.trackingNumber },
    });
    return true;
  });
  if (shipped) return { modifiedCount: 1 };
  const row = await findOrderRow(db, id);
  if (!row) throw notFound('Order');
  if (row.state === 'shipped') throw conflict('This order has already been shipped');
  if (row.state === 'unpaid') throw conflict('Only a paid order can be shipped');
  throw conflict('A cancelled order cannot be shipped');
}
