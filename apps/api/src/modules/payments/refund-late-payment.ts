import type { Database } from '../../db/client';
import { conflict, type AppError } from '../../lib/errors';
import type { PaymentProvider } from './payment-provider';
import { completeRefund } from './refund-order';

/** What the payer of a late payment is told once it has been refunded. */
export const latePaymentRefunded = () =>
  conflict('This order was cancelled before the payment arrived; the payment has been refunded');

/**
 * A payment that arrived after its order was cancelled or expired is refunded at once, by the
 * shop (docs/behaviour.md §6.6). Answers what the payer is told. When the processor cannot
 * refund now, the order stays 'refunding' (shown as 'Refund pending') and an admin's Refund, or
 * the next late call, finishes it.
 */
export async function refundLatePayment(
  db: Database,
  provider: PaymentProvider,
  orderId: string,
): Promise<AppError> {
  try {
    await completeRefund(db, provider, orderId, null);
    return latePaymentRefunded();
  } catch {
    return conflict(
      'This order was cancelled before the payment arrived; the payment will be refunded shortly',
    );
  }
}
