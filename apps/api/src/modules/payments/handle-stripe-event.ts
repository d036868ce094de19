import type Stripe from 'stripe';
import type { Database } from '../../db/client';
import type { TellChanged } from '../../lib/change-topics';
import { stripeEvents } from './payments.table';
import { settlePayment, type InvoiceIntentSettler, type SettleOutcome } from './settle-payment';
import { toProviderIntent } from './stripe-intent';

export type StripeEventOutcome = SettleOutcome | { kind: 'duplicate' } | { kind: 'ignored' };

/**
 * A verified Stripe event, processed once: the event is recorded in the same transaction as its
 * effect, so a redelivered event finds it and changes nothing, and a failure leaves neither (and
 * Stripe delivers again). Only payment_intent.succeeded pays an order, through the same checks
 * as PATCH /order/{id}, and an intent made for an invoice pays that invoice (invoicing settles
 * it); no event un-pays one, whatever order events arrive in.
 */
export async function handleStripeEvent(
  db: Database,
  event: Stripe.Event,
  tellChanged: TellChanged,
  settleInvoiceIntent: InvoiceIntentSettler,
): Promise<StripeEventOutcome> {
  const outcome = await db.transaction(async (tx): Promise<StripeEventOutcome> => {
    const [isFirstDelivery] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!isFirstDelivery) return { kind: 'duplicate' };
    if (event.type !== 'payment_intent.succeeded') return { kind: 'ignored' };

    const intent = toProviderIntent(event.data.object);
    if (intent.invoiceId) return settleInvoiceIntent(tx, 'stripe', intent);
    if (!intent.orderId) return { kind: 'ignored' };
    return settlePayment(tx, 'stripe', intent.orderId, intent, null);
  });
  // A paid order can earn its customer's reviews the 'Verified buyer' badge (§7.4).
  if (outcome.kind === 'paid') tellChanged('orders');
  return outcome;
}
