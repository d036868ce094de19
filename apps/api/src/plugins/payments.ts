import fp from 'fastify-plugin';
import {
  createDemoProvider,
  loadStripeProvider,
  paymentActionsFor,
  type DemoProvider,
  type StripeProvider,
} from '../modules/payments';
import { voidInvoiceOfOrder } from '../modules/invoicing';
import type { PaymentActions } from '../modules/ordering';

/** The card processor PAYMENTS chose; routes that only one of them has narrow on `name`. */
export type ConfiguredPaymentProvider = DemoProvider | StripeProvider;

/**
 * Decorates `app.payments` with the card processor (the demo one unless PAYMENTS=stripe), and
 * `app.paymentActions` with what ordering asks of payments, done through it (or, for an order
 * paid by invoice, by invoicing).
 */
export default fp(
  async (app) => {
    const { config } = app;
    const provider: ConfiguredPaymentProvider =
      config.PAYMENTS === 'stripe'
        ? // Loaded only when chosen: the SDK costs some 20 MB of memory (README: Performance).
          (await loadStripeProvider()).createStripeProvider({
            // loadConfig refuses PAYMENTS=stripe without these three.
            secretKey: config.STRIPE_SECRET_KEY ?? '',
            publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? '',
            webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? '',
            timeoutMs: config.STRIPE_TIMEOUT_MS,
            maxNetworkRetries: config.STRIPE_MAX_NETWORK_RETRIES,
            host: config.STRIPE_API_HOST,
            port: config.STRIPE_API_PORT,
            protocol: config.STRIPE_API_PROTOCOL,
          })
        : createDemoProvider(app.database.db);
    app.decorate<ConfiguredPaymentProvider>('payments', provider);
    const card = paymentActionsFor(app.database.db, provider);
    app.decorate('paymentActions', {
      cancelInFlight: card.cancelInFlight,
      // An order paid by invoice is refunded by voiding its invoice; nothing goes back to a card.
      completeRefund: async (orderId, actorUserId) => {
        if (!(await voidInvoiceOfOrder(app.database.db, orderId, actorUserId))) {
          await card.completeRefund(orderId, actorUserId);
        }
      },
    } satisfies PaymentActions);
  },
  { name: 'payments', dependencies: ['database'] },
);
