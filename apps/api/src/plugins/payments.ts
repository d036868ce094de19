import fp from 'fastify-plugin';
import { createDemoProvider, type DemoProvider } from '../modules/payments/demo-provider';
import type { StripeProvider } from '../modules/payments/stripe-provider';

/** The card processor PAYMENTS chose; routes that only one of them has narrow on `name`. */
export type ConfiguredPaymentProvider = DemoProvider | StripeProvider;

/** Decorates `app.payments` with the card processor: the demo one unless PAYMENTS=stripe. */
export default fp(
  async (app) => {
    const { config } = app;
    const provider: ConfiguredPaymentProvider =
      config.PAYMENTS === 'stripe'
        ? // Loaded only when chosen: the SDK costs some 20 MB of memory (README: Performance).
          (await import('../modules/payments/stripe-provider')).createStripeProvider({
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
  },
  { name: 'payments', dependencies: ['database'] },
);
