import type { OrderState } from '@shop/shared/order-states';
import type { Database } from '../../db/client';
import { conflict, type AppError } from '../../lib/errors';
import type { PaymentProvider } from './payment-provider';
import { completeRefund } from './refund-order';

/**
 * A payment that arrived after its order was cancelled or expired is refunded at once, by the
 * shop (docs/behaviour.md §23.5). Answers what the payer is told. When the processor cannot
 * refund now, the order stays 'refunding' (shown as 'Refund pending') and an admin's Refund, or
 * the next late call, finishes it. Asked again about an order already `refunded`, it only says so.
 */
export async function refundLatePayment(
  db: Database,
  provider: PaymentProvider,
  orderId: string,
  state: OrderState = 'refunding',
): Promise<AppError> {
  try {
    if (state !== 'refunded') await completeRefund(db, provider, orderId, null);
    return conflict('This order was cancelled before the payment arrived; the payment has been refunded');
  } catch {
    return conflict(
      'This order was cancelled before the payment arrived; the payment will be refunded shortly',
    );
  }
}
