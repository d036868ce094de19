import type Stripe from 'stripe';
import type { IntentStatus, ProviderIntent } from './payment-provider';

/** A Stripe PaymentIntent as the shop reads it (kept apart so that reading one loads no SDK). */
export function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    status: intent.status as IntentStatus,
    amountCents: intent.amount,
    amountReceivedCents: intent.amount_received,
    currency: intent.currency,
    orderId: intent.metadata?.orderId ?? null,
    invoiceId: intent.metadata?.invoiceId ?? null,
    clientSecret: intent.client_secret ?? '',
  };
}
