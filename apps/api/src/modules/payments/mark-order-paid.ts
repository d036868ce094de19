import type { MarkOrderPaidBody } from '@shop/shared/contracts/orders';
import type { Database } from '../../db/client';
import type { TellChanged } from '../../lib/change-topics';
import { AppError, conflict, invalidInput } from '../../lib/errors';
import type { Actor } from '../../lib/request-context';
import { findOrderFor, type OrderRow } from '../ordering';
import type { PaymentProvider } from './payment-provider';
import { latePaymentRefunded, refundLatePayment } from './refund-late-payment';
import { settlePayment } from './settle-payment';

/**
 * PATCH /order/{id}: the browser says the card payment succeeded. The order is marked paid only
 * once the processor confirms that this payment succeeded, for this order, for exactly its
 * price, and paid no other order. Sending the same payment again changes nothing.
 */
export async function markOrderPaid(
  db: Database,
  provider: PaymentProvider,
  actor: Actor,
  orderId: string,
  { tools, transactionId }: MarkOrderPaidBody,
  tellChanged: TellChanged,
): Promise<{ modifiedCount: number }> {
  if (tools !== orderId) throw invalidInput('tools must be the id of the order being paid');
  const order = await findOrderFor(db, actor, orderId, { admins: false });
  if (order.paid) {
    if (order.transactionId !== transactionId) throw conflict('This order has already been paid');
    // This payment came after the order was cancelled or expired, and was refunded (or is being)
    // when the processor reported it first: the payer hears that, not a success (§6.6).
    if (paidAfterClosing(order)) {
      throw order.state === 'refunded'
        ? latePaymentRefunded()
        : await refundLatePayment(db, provider, order.id);
    }
    return { modifiedCount: 0 };
  }
  // Asked outside the transaction: no row stays locked while the processor answers.
  const intent = await provider.retrieve(transactionId);
  const outcome = await db.transaction((tx) => settlePayment(tx, provider.name, order.id, intent, actor.id));
  if (outcome.kind === 'rejected') throw new AppError(outcome.code, outcome.message);
  if (outcome.kind === 'refund-due') throw await refundLatePayment(db, provider, order.id);
  if (outcome.kind !== 'paid') return { modifiedCount: 0 };
  // A paid order can earn its customer's reviews the 'Verified buyer' badge (§7.4).
  tellChanged('orders');
  return { modifiedCount: 1 };
}

/** Closed (cancelled or expired) before the payment was recorded: a late payment, refunded. */
function paidAfterClosing(order: OrderRow): boolean {
  return order.closedAt !== null && order.paidAt !== null && order.closedAt < order.paidAt;
}
