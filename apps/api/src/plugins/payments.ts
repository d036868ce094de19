import fp from 'fastify-plugin';
import {
  createDemoProvider,
  loadStripeProvider,
  paymentActionsFor,
  type DemoProvider,
  type StripeProvider,
} from '../modules/payments';

/** The card processor PAYMENTS chose; routes that only one of them has narrow on `name`. */
export type ConfiguredPaymentProvider = DemoProvider | StripeProvider;

/**
 * Decorates `app.payments` with the card processor (the demo one unless PAYMENTS=stripe), and
 * `app.paymentActions` with what ordering asks of payments, done through it.
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
    app.decorate('paymentActions', paymentActionsFor(app.database.db, provider));
  },
  { name: 'payments', dependencies: ['database'] },
);
