import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../lib/add-route';
import { invalidInput } from '../../lib/errors';
import { confirmDemoPayment } from './confirm-demo-payment';
import { createPaymentIntent } from './create-payment-intent';
import { handleStripeEvent } from './handle-stripe-event';
import { markOrderPaid } from './mark-order-paid';
import { completeRefund } from './refund-order';
import { intentRefundKey, type InvoiceIntentSettler } from './settle-payment';
import type { StripeProvider } from './stripe-provider';
import { actorOf } from '../../lib/request-context';

/** Paying for an order: the processor in use, the intent, the demo card form or Stripe's webhook. */
export const paymentRoutes: FastifyPluginAsync<{ settleInvoiceIntent: InvoiceIntentSettler }> = async (
  app,
  { settleInvoiceIntent },
) => {
  const { db } = app.database;
  const provider = app.payments;

  addRoute(app, 'GET /payments/config', async () =>
    provider.name === 'stripe'
      ? { provider: provider.name, publishableKey: provider.publishableKey }
      : { provider: provider.name },
  );

  // The spec's "mark paid" call: paid only once the processor confirms it (docs/behaviour.md §12.3).
  addRoute(app, 'PATCH /order/:id', async (request) =>
    markOrderPaid(db, provider, actorOf(request), request.params.id, request.body, app.tellChanged),
  );

  addRoute(app, 'POST /create-payment-intent', async (request) => ({
    clientSecret: await createPaymentIntent(db, provider, actorOf(request), request.body.orderId),
  }));

  if (provider.name === 'demo') {
    addRoute(app, 'POST /payments/demo/confirm', async (request) =>
      confirmDemoPayment(db, provider, actorOf(request), request.body),
    );
  }

  if (provider.name === 'stripe') {
    await app.register(stripeWebhookRoutes, { stripe: provider, settleInvoiceIntent });
  }
};

/**
 * Stripe's events. Its own plugin: the signature covers the exact bytes Stripe sent, so here,
 * and only here, JSON bodies are kept raw.
 */
const stripeWebhookRoutes: FastifyPluginAsync<{
  stripe: StripeProvider;
  settleInvoiceIntent: InvoiceIntentSettler;
}> = async (app, { stripe, settleInvoiceIntent }) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  addRoute(app, 'POST /stripe/webhook', async (request) => {
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
    const outcome = await handleStripeEvent(app.database.db, event, app.tellChanged, settleInvoiceIntent);
    if (outcome.kind === 'rejected') {
      // Acknowledged all the same: Stripe sending it again would not change the answer.
      request.log.warn(
        { eventId: event.id, type: event.type, reason: outcome.message },
        'Stripe payment not applied to an order; check it in the Stripe dashboard',
      );
    }
    // A payment for an order cancelled or expired meanwhile is given back at once (§6.6).
    if (outcome.kind === 'refund-due') {
      await completeRefund(app.database.db, stripe, outcome.orderId, null).catch((error: unknown) =>
        request.log.error(
          { err: error, orderId: outcome.orderId },
          'Refund of a late payment failed; the order shows Refund pending until an admin refunds it',
        ),
      );
    }
    // A card payment of an invoice that no longer owes it (paid or voided meanwhile) goes back.
    if (outcome.kind === 'refund-intent') {
      request.log.warn(
        { intentId: outcome.intentId, reason: outcome.message },
        'Invoice card payment refunded',
      );
      await stripe
        .refund({ intentId: outcome.intentId, idempotencyKey: intentRefundKey(outcome.intentId) })
        .catch((error: unknown) =>
          request.log.error(
            { err: error, intentId: outcome.intentId },
            'Refund of an invoice card payment failed; refund it in the Stripe dashboard',
          ),
        );
    }
    return { received: true as const };
  });
};
