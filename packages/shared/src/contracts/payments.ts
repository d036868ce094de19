import { z } from 'zod';

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
 * The spec's request carries `price`; it is accepted and ignored: the amount is the stored
 * order's price. `orderId` names the order (ARCHITECTURE.md, decisions on the open points).
 */
export const createPaymentIntentBody = z.strictObject({
  orderId: z.string({ error: 'orderId is required' }).min(1, 'orderId is required').max(100),
  price: z.number().optional(),
});
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentBody>;

export const createPaymentIntentResponse = z.object({ clientSecret: z.string() });
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponse>;

/** PATCH /order/{id}, sent after the card payment succeeded: `tools` is the order id. */
export const markOrderPaidBody = z.strictObject({
  tools: z.string({ error: 'tools is required' }).min(1, 'tools is required').max(100),
  transactionId: z
    .string({ error: 'transactionId is required' })
    .min(1, 'transactionId is required')
    .max(255, 'transactionId must be 255 characters or fewer'),
});
export type MarkOrderPaidBody = z.infer<typeof markOrderPaidBody>;

/**
 * The demo processor's confirm call. The card fields are only bounded here; the processor
 * checks them and answers a card's problem with a 402 and the provider's message.
 */
export const demoConfirmBody = z.strictObject({
  clientSecret: z.string().min(1, 'clientSecret is required').max(255),
  card: z.strictObject({
    number: z.string().max(40),
    expMonth: z.number().int().min(0).max(99),
    expYear: z.number().int().min(0).max(9999),
    cvc: z.string().max(10),
  }),
  billingName: z.string().max(200).optional(),
  billingEmail: z.string().max(254).optional(),
});
export type DemoConfirmBody = z.infer<typeof demoConfirmBody>;

export const demoConfirmResponse = z.object({
  status: z.literal('succeeded'),
  transactionId: z.string(),
});
export type DemoConfirmResponse = z.infer<typeof demoConfirmResponse>;

export const webhookAckResponse = z.object({ received: z.literal(true) });
