/**
 * Payments: the card processor (the demo one or Stripe), payment intents, settling a payment
 * against its order, Stripe's webhook, and refunds (docs/behaviour.md §6). Builds on ordering.
 */
export { createDemoProvider, type DemoProvider } from './demo-provider';
export { paymentActionsFor } from './payment-actions';
export { paymentRoutes } from './payments.routes';
export type { PaymentProvider, ProviderIntent } from './payment-provider';
export {
  PAYMENT_CURRENCY,
  intentRefundKey,
  type InvoiceIntentSettler,
  type SettleOutcome,
} from './settle-payment';
export type { StripeProvider } from './stripe-provider';
/** Stripe's SDK costs some 20 MB of memory: it is loaded only when PAYMENTS=stripe chooses it. */
export const loadStripeProvider = () => import('./stripe-provider');
