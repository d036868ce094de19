import type { PaymentProviderName } from '@shop/shared/contracts/payments';

/** Payment intent states, as Stripe names them; the demo processor uses two of them. */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

/** A payment intent as the processor knows it: what the shop verifies before it marks an order paid. */
export interface ProviderIntent {
  id: string;
  status: IntentStatus;
  /** What the intent asks for, in the currency's smallest unit. */
  amountCents: number;
  /** What the processor actually received (equal to amountCents once succeeded). */
  amountReceivedCents: number;
  currency: string;
  /** The order the intent was created for (its metadata); null when it carries none. */
  orderId: string | null;
  /** Set when it pays that order's invoice rather than the order (its metadata). */
  invoiceId: string | null;
  clientSecret: string;
}

export interface CreateIntentInput {
  orderId: string;
  /** For a payment of the order's invoice (invoice on terms paid by card later). */
  invoiceId?: string;
  amountCents: number;
  currency: 'usd';
  /** The same key answers the same intent: a retried request never creates a second one. */
  idempotencyKey: string;
}

/** A card processor. The shop never takes a browser's word that a payment happened: it asks this. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createIntent(input: CreateIntentInput): Promise<{ intentId: string; clientSecret: string }>;
  /** The intent as the processor stores it, or null when the processor knows no such intent. */
  retrieve(intentId: string): Promise<ProviderIntent | null>;
  /**
   * Cancels an intent not yet paid, so that it can no longer be paid. Answers the intent as it
   * is afterwards: 'canceled', or 'succeeded' when the payment got there first (null: unknown).
   */
  cancelIntent(intentId: string): Promise<ProviderIntent | null>;
  /**
   * Refunds a succeeded intent in full. The same key answers the same refund: two admins, or a
   * retry, refund once.
   */
  refund(input: { intentId: string; idempotencyKey: string }): Promise<{ refundId: string }>;
}
