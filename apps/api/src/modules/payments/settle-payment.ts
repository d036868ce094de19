import { eq } from 'drizzle-orm';
import type { PaymentProviderName } from '@shop/shared/contracts/payments';
import type { ErrorCode } from '@shop/shared/errors';
import type { DbExecutor } from '../../db/client';
import type { OrderRow } from '../ordering';
import { lockOrder, markPaid } from '../ordering';
import type { ProviderIntent } from './payment-provider';
import { orderPaymentIntents, payments } from './payments.table';

export const PAYMENT_CURRENCY = 'usd';

/** One refund per intent, whoever asks (a retried call, the webhook): the processor's idempotency key. */
export const intentRefundKey = (intentId: string) => `refund-intent-${intentId}`;

/**
 * Settles a succeeded intent made for an invoice rather than an order (invoicing knows how): the
 * composition hands it to Stripe's webhook, which cannot import invoicing.
 */
export type InvoiceIntentSettler = (
  tx: DbExecutor,
  provider: PaymentProviderName,
  intent: ProviderIntent,
) => Promise<SettleOutcome>;

export type SettleOutcome =
  | { kind: 'paid' }
  /** The order was cancelled or expired before this payment: recorded, and to be refunded now. */
  | { kind: 'refund-due'; orderId: string }
  /** The order was already paid by this same payment: nothing changes. */
  | { kind: 'replay' }
  /** The invoice it paid no longer owes that much (paid or void meanwhile): refund the intent now. */
  | { kind: 'refund-intent'; intentId: string; message: string }
  | { kind: 'rejected'; code: ErrorCode; message: string };

/**
 * Why the processor's intent does not prove that this order was paid, or null when it does:
 * it succeeded, it was made for this order, in dollars, for exactly the order's price.
 */
function verificationProblem(intent: ProviderIntent | null, order: OrderRow): string | null {
  if (!intent) return 'The payment provider knows no such payment';
  if (intent.status !== 'succeeded') return `The payment has not succeeded (its status is ${intent.status})`;
  if (intent.orderId !== order.id || intent.invoiceId) return 'This payment was made for another order';
  if (intent.currency !== PAYMENT_CURRENCY) return 'This payment was made in another currency';
  if (intent.amountCents !== order.priceCents || intent.amountReceivedCents !== order.priceCents) {
    return "The payment's amount is not the order's price";
  }
  return null;
}

const rejected = (code: ErrorCode, message: string): SettleOutcome => ({ kind: 'rejected', code, message });

/**
 * Marks an order paid by a payment the processor confirmed. Run inside a transaction: the order
 * row is locked, checked again, the payment recorded (a payment pays one order, ever) and the
 * order marked paid, all or nothing. Both PATCH /order/{id} and the Stripe webhook come here.
 * A payment for an order cancelled or expired meanwhile is recorded all the same, and the order
 * goes to 'refunding': the caller refunds it (refund-order.ts), so no money is kept for an order
 * that will not ship (docs/behaviour.md §6.6).
 */
export async function settlePayment(
  tx: DbExecutor,
  provider: PaymentProviderName,
  orderId: string,
  intent: ProviderIntent | null,
  actorUserId: string | null,
): Promise<SettleOutcome> {
  const order = await lockOrder(tx, orderId);
  if (!order) return rejected('not-found', 'Order not found');
  if (order.paid) {
    return intent && order.transactionId === intent.id
      ? { kind: 'replay' }
      : rejected('conflict', 'This order has already been paid');
  }
  const problem = verificationProblem(intent, order);
  if (problem || !intent) return rejected('payment-not-verified', problem ?? 'Payment not verified');
  // The intent's metadata names the order, but anyone with the processor account (a dashboard
  // user, another integration) can write metadata: only the intent this shop created for the
  // order through POST /create-payment-intent pays it (docs/behaviour.md §12.3).
  if (!(await isStartedForOrder(tx, order.id, provider, intent.id))) {
    return rejected('payment-not-verified', 'This payment was not started for this order');
  }

  const [recorded] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      provider,
      intentId: intent.id,
      amountCents: intent.amountCents,
      currency: intent.currency,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  if (!recorded) return rejected('payment-not-verified', 'This payment was already used for another order');

  const reached = await markPaid(tx, order.id, intent.id, actorUserId);
  return reached === 'refunding' ? { kind: 'refund-due', orderId: order.id } : { kind: 'paid' };
}

/** Whether the shop itself created this intent for this order (order_payment_intents). */
async function isStartedForOrder(
  tx: DbExecutor,
  orderId: string,
  provider: PaymentProviderName,
  intentId: string,
): Promise<boolean> {
  const [started] = await tx
    .select({ provider: orderPaymentIntents.provider, intentId: orderPaymentIntents.intentId })
    .from(orderPaymentIntents)
    .where(eq(orderPaymentIntents.orderId, orderId))
    .limit(1);
  return started?.provider === provider && started.intentId === intentId;
}
