import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { conflict } from '../../lib/errors';
import { finishRefund } from '../ordering';
import type { PaymentProvider } from './payment-provider';
import { payments } from './payments.table';

/**
 * Refunds the payment of an order in 'refunding' and marks it refunded (docs/behaviour.md §5.10).
 * The processor is asked outside any transaction, with one idempotency key per order: two
 * admins, a retry, or an admin and an automatic refund racing all get the same refund, and the
 * guarded refunding -> refunded update lets exactly one of them return the stock and write the
 * event. Safe to call again after a failure: the order stays 'refunding' until it succeeds.
 */
export async function completeRefund(
  db: Database,
  provider: PaymentProvider,
  orderId: string,
  actorUserId: string | null,
): Promise<void> {
  const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1);
  if (!payment) throw new Error(`order ${orderId} is refunding without a payment`);
  if (payment.provider !== provider.name) {
    throw conflict(`This order was paid through ${payment.provider}; refund it there`);
  }
  const { refundId } = await provider.refund({
    intentId: payment.intentId,
    idempotencyKey: `refund-order-${orderId}`,
  });
  await db.transaction((tx) => finishRefund(tx, orderId, refundId, actorUserId));
}
