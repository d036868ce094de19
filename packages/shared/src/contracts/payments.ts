import { z } from 'zod';
import { defineRoutes } from '../api/define';
import { noControlCharacters, text } from '../fields';

/** Which card processor the shop uses; the web app loads Stripe's scripts only for 'stripe'. */
export const paymentProviders = ['demo', 'stripe'] as const;
export type PaymentProviderName = (typeof paymentProviders)[number];

export const paymentsConfigResponse = z.object({
  provider: z.enum(paymentProviders),
  /** Stripe's publishable key, for Stripe Elements; absent with the demo processor. */
  publishableKey: z.string().optional(),
});
export type PaymentsConfigResponse = z.infer<typeof paymentsConfigResponse>;

/**
 * `price` is accepted for compatibility and ignored: the amount is the stored order's price.
 * `orderId` names the order (docs/behaviour.md §12.8).
 */
export const createPaymentIntentBody = z.strictObject({
  orderId: noControlCharacters(
    z.string({ error: 'orderId is required' }).min(1, 'orderId is required').max(100),
  ),
  price: z.number().optional(),
});
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentBody>;

export const createPaymentIntentResponse = z.object({ clientSecret: z.string() });
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponse>;

/**
 * The demo processor's confirm call. The card fields are only bounded here; the processor
 * checks them and answers a card's problem with a 402 and the provider's message.
 */
export const demoConfirmBody = z.strictObject({
  clientSecret: noControlCharacters(z.string().min(1, 'clientSecret is required').max(255)),
  card: z.strictObject({
    number: text({ max: 40 }),
    expMonth: z.number().int().min(0).max(99),
    expYear: z.number().int().min(0).max(9999),
    cvc: text({ max: 10 }),
  }),
  billingName: text({ max: 200 }).optional(),
  billingEmail: text({ max: 254 }).optional(),
});
export type DemoConfirmBody = z.infer<typeof demoConfirmBody>;

export const demoConfirmResponse = z.object({
  status: z.literal('succeeded'),
  transactionId: z.string(),
});
export type DemoConfirmResponse = z.infer<typeof demoConfirmResponse>;

export const webhookAckResponse = z.object({ received: z.literal(true) });

export const paymentRoutes = defineRoutes({
  'GET /payments/config': {
    access: 'public',
    tags: ['payments'],
    summary: 'The card processor in use, and its publishable key for Stripe',
    response: { status: 200, schema: paymentsConfigResponse },
  },
  'POST /create-payment-intent': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['payments'],
    summary: "A client secret for paying one's own unpaid order; the amount is the order's price",
    body: createPaymentIntentBody,
    response: { status: 200, schema: createPaymentIntentResponse },
    errors: [402, 403, 404, 409, 503],
  },
  /** Registered only with the demo processor. */
  'POST /payments/demo/confirm': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['payments'],
    summary: 'Demo processor: pay an intent by card (nothing is charged); the order is not marked paid',
    body: demoConfirmBody,
    response: { status: 200, schema: demoConfirmResponse },
    errors: [402, 403, 404, 409],
  },
  /** Registered only with Stripe; its body is read raw, as the signature covers the exact bytes. */
  'POST /stripe/webhook': {
    access: 'public',
    tags: ['payments'],
    summary: "Stripe's events, signed; payment_intent.succeeded marks the order paid after the same checks",
    consumes: ['application/json'],
    response: { status: 200, schema: webhookAckResponse },
    errors: [400],
  },
});
