import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentsConfigResponse, webhookAckResponse } from '@shop/shared/contracts/payments';
import { invalidInput } from '../../lib/errors';
import { errorResponses } from '../../lib/route-schemas';
import { handleStripeEvent } from '../../modules/payments/handle-stripe-event';
import type { StripeProvider } from '../../modules/payments/stripe-provider';

/** Which card processor the payment page talks to; Stripe's webhook when Stripe is it. */
export const publicPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.payments;

  app.get(
    '/payments/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'The card processor in use, and its publishable key for Stripe',
        response: { 200: paymentsConfigResponse },
      },
    },
    async () =>
      provider.name === 'stripe'
        ? { provider: provider.name, publishableKey: provider.publishableKey }
        : { provider: provider.name },
  );

  if (provider.name === 'stripe') await app.register(stripeWebhookRoutes, { stripe: provider });
};

/**
 * Stripe's events. Its own plugin: the signature covers the exact bytes Stripe sent, so here,
 * and only here, JSON bodies are kept raw.
 */
const stripeWebhookRoutes: FastifyPluginAsyncZod<{ stripe: StripeProvider }> = async (app, { stripe }) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/stripe/webhook',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary:
          "Stripe's events, signed; payment_intent.succeeded marks the order paid after the same checks",
        response: { 200: webhookAckResponse, ...errorResponses(400) },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        if (!Buffer.isBuffer(request.body)) throw new Error('no raw body');
        event = stripe.constructWebhookEvent(
          request.body,
          typeof signature === 'string' ? signature : undefined,
        );
      } catch (error) {
        request.log.warn({ err: error }, 'Stripe webhook refused');
        throw invalidInput('The webhook signature is missing, wrong or too old');
      }
      const outcome = await handleStripeEvent(app.database.db, event);
      if (outcome.kind === 'rejected') {
        // Acknowledged all the same: Stripe sending it again would not change the answer.
        request.log.warn(
          { eventId: event.id, type: event.type, reason: outcome.message },
          'Stripe payment not applied to an order; check it in the Stripe dashboard',
        );
      }
      return { received: true as const };
    },
  );
};
