import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { PaymentProvider } from './payment-provider';
import { orderPaymentIntents } from './payments.table';
import { completeRefund } from './refund-order';
import { settlePayment } from './settle-payment';

/**
 * After an unpaid order is closed (cancelled or expired, committed): its payment intent, if it
 * has one, is cancelled at the processor so it can no longer be paid (docs/behaviour.md §5.10).
 * When the payment got there first, it is settled against the closed order at once, which
 * records it and refunds it: money paid for a cancelled order is never kept nor lost.
 */
export async function cancelPaymentInFlight(
  db: Database,
  provider: PaymentProvider,
  orderId: string,
): Promise<void> {
  const [started] = await db
    .select()
    .from(orderPaymentIntents)
    .where(eq(orderPaymentIntents.orderId, orderId))
    .limit(1);
  if (started?.provider !== provider.name) return;
  const intent = await provider.cancelIntent(started.intentId);
  if (intent?.status !== 'succeeded') return;
  const outcome = await db.transaction((tx) => settlePayment(tx, provider.name, orderId, intent, null));
  if (outcome.kind === 'refund-due') await completeRefund(db, provider, orderId, null);
}
