import Stripe from 'stripe';
import { AppError } from '../../lib/errors';
import type { PaymentProvider } from './payment-provider';
import { toProviderIntent } from './stripe-intent';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** How long one request to Stripe may take, and how often a failed one is tried again. */
  timeoutMs: number;
  maxNetworkRetries: number;
  /** Where the API is; set only by tests, which point the SDK at a local stand-in. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

export interface StripeProvider extends PaymentProvider {
  readonly name: 'stripe';
  readonly publishableKey: string;
  /**
   * The event in a webhook request, after checking Stripe's signature on the raw body and that
   * it was signed within the last five minutes. Throws when either check fails.
   */
  constructWebhookEvent(rawBody: Buffer, signature: string | undefined): Stripe.Event;
}

/** Stripe's own default: an event signed longer ago than this is refused as a replay. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Stripe ids are a prefix and letters or digits; anything else is not worth a request. */
const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9]{1,250}$/;

/**
 * Stripe not answering (a timeout, a dropped connection, its own 5xx or 429 after the retries)
 * is no fault of the request: the caller hears 503 and may try again; nothing was charged, as
 * the charge itself happens in the browser with an intent it never received.
 */
function unavailableOr(error: unknown): unknown {
  const unavailable =
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    (error instanceof Stripe.errors.StripeError && (error.statusCode ?? 0) >= 500);
  return unavailable ? new AppError('payment-provider-unavailable', PROVIDER_UNAVAILABLE_MESSAGE) : error;
}

export const PROVIDER_UNAVAILABLE_MESSAGE =
  'The card processor is not answering; nothing was charged, try again';

/** Card payments through Stripe: the official SDK on the server, Stripe Elements in the browser. */
export function createStripeProvider(settings: StripeSettings): StripeProvider {
  // Retries are safe: the SDK sends an idempotency key with every POST it tries again, and our
  // createIntent passes its own (one per order), so a retried create never makes two intents.
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: settings.maxNetworkRetries,
    timeout: settings.timeoutMs,
    host: settings.host,
    port: settings.port,
    protocol: settings.protocol,
  });

  return {
    name: 'stripe',
    publishableKey: settings.publishableKey,

    async createIntent({ orderId, invoiceId, amountCents, currency, idempotencyKey }) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency,
            metadata: invoiceId ? { orderId, invoiceId } : { orderId },
            allowed_payment_method_types: ['card'],
          },
          { idempotencyKey },
        );
        if (!intent.client_secret)
          throw new Error(`Stripe returned intent ${intent.id} without a client secret`);
        return { intentId: intent.id, clientSecret: intent.client_secret };
      } catch (error) {
        // Stripe refusing the payment itself (an amount over its limit, say) is the caller's to read.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError ||
          error instanceof Stripe.errors.StripeCardError
        ) {
          throw new AppError('payment-failed', error.message);
        }
        throw unavailableOr(error);
      }
    },

    async retrieve(intentId) {
      if (!PAYMENT_INTENT_ID.test(intentId)) return null;
      try {
        return toProviderIntent(await stripe.paymentIntents.retrieve(intentId));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw unavailableOr(error);
      }
    },

    async cancelIntent(intentId) {
      if (!PAYMENT_INTENT_ID.test(intentId)) return null;
      try {
        return toProviderIntent(await stripe.paymentIntents.cancel(intentId));
      } catch (error) {
        // Stripe refuses to cancel an intent that succeeded (or was canceled): say how it is.
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return this.retrieve(intentId);
        throw unavailableOr(error);
      }
    },

    async refund({ intentId, idempotencyKey }) {
      try {
        const refund = await stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey });
        return { refundId: refund.id };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          // Refunded already under a key Stripe no longer remembers (keys last 24 hours): that refund.
          if (error.code === 'charge_already_refunded') {
            const earlier = await stripe.refunds.list({ payment_intent: intentId, limit: 1 });
            if (earlier.data[0]) return { refundId: earlier.data[0].id };
          }
          throw new AppError('conflict', `Stripe refused the refund: ${error.message}`);
        }
        throw unavailableOr(error);
      }
    },

    constructWebhookEvent(rawBody, signature) {
      return stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        settings.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    },
  };
}
