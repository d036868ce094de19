import type { OrderDetail } from '@shop/shared/contracts/orders';
import type { DbExecutor } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import type { Actor } from '../../../lib/request-context';
import { recordAudit } from '../../audit';
import type { OrderCloseDeps } from './order-close-deps';
import { findOrderRow, type OrderRow } from './find-order';
import { orderAuditTarget } from './order-audit-target';
import { toOrderDetail } from './order-lines';
import { closeUnpaid, startRefund } from './order-transitions';
import { whyNotCancellable } from './orders.service';

/**
 * An admin cancels any unshipped order (docs/behaviour.md §5.10). Unpaid: cancelled, its stock
 * returned, its payment in flight cancelled. Paid: paid -> refunding (the admin's cancel event),
 * then the processor refunds it and refunding -> refunded returns the stock. A second admin
 * pressing at the same time finds 'refunding' and finishes the same refund (one idempotency key
 * per order), so it is refunded, and its stock returned, once. A refund the processor could not
 * make leaves 'refunding' (Refund pending): pressing again finishes it.
 */
export async function adminCancelOrder(deps: OrderCloseDeps, admin: Actor, id: string): Promise<OrderDetail> {
  const order = await cancelAsAdmin(deps, admin, id);
  // Stock came back, and a refunded order no longer makes its customer a verified buyer (§7.4).
  deps.tellChanged('tools');
  deps.tellChanged('orders');
  return order;
}

async function cancelAsAdmin(deps: OrderCloseDeps, admin: Actor, id: string): Promise<OrderDetail> {
  const { db, payments, onPaymentCancelError } = deps;
  const order = await findOrderRow(db, id);
  if (!order) throw notFound('Order');

  if (order.state === 'unpaid') {
    const closed = await db.transaction(async (tx) => {
      if (!(await closeUnpaid(tx, order.id, 'cancelled-by-admin', { actorUserId: admin.id }))) return false;
      await recordCancel(tx, admin, order, 'order.cancel', 'cancelled');
      return true;
    });
    if (closed) await payments.cancelInFlight(order.id).catch(onPaymentCancelError);
    // Not closed: paid, cancelled or expired meanwhile; answer from what it became.
    else return cancelAsAdmin(deps, admin, id);
  } else if (order.state === 'paid' || order.state === 'refunding') {
    if (order.state === 'paid') {
      await db.transaction(async (tx) => {
        if (await startRefund(tx, order.id, admin.id)) {
          await recordCancel(tx, admin, order, 'order.refund', 'refunding');
        }
      });
    }
    const now = await findOrderRow(db, id);
    // Shipped by another admin in between: that stands.
    if (now?.state !== 'refunding' && now?.state !== 'refunded') throw whyNotCancellable(now ?? order);
    if (now.state === 'refunding') await payments.completeRefund(order.id, admin.id);
  } else {
    throw whyNotCancellable(order);
  }
  const after = await findOrderRow(db, id);
  return toOrderDetail(db, after ?? order);
}

/** The admin's decision in the audit trail (docs/behaviour.md §8.8), in its transaction. */
const recordCancel = (
  tx: DbExecutor,
  admin: Actor,
  order: OrderRow,
  kind: 'order.cancel' | 'order.refund',
  state: OrderRow['state'],
) =>
  recordAudit(tx, {
    actor: admin,
    kind,
    target: orderAuditTarget(order),
    before: { state: order.state },
    after: { state },
  });
