import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createPaymentIntentBody,
  createPaymentIntentResponse,
  demoConfirmBody,
  demoConfirmResponse,
  markOrderPaidBody,
} from '@shop/shared/contracts/payments';
import { modifiedCountResponse } from '@shop/shared/contracts/tools';
import { idParams } from '@shop/shared/fields';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import { confirmDemoPayment } from '../../modules/payments/confirm-demo-payment';
import { createPaymentIntent } from '../../modules/payments/create-payment-intent';
import { markOrderPaid } from '../../modules/payments/mark-order-paid';
import { actorOf } from '../../plugins/access';

/** Paying for one's own order: the intent, the card (demo processor only) and the paid mark. */
export const customerPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.payments;

  app.post(
    '/create-payment-intent',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: "A client secret for paying one's own unpaid order; the amount is the order's price",
        security: bearerSecurity,
        body: createPaymentIntentBody,
        response: { 200: createPaymentIntentResponse, ...errorResponses(400, 401, 402, 403, 404, 409) },
      },
    },
    async (request) => {
      const { db } = app.database;
      const clientSecret = await createPaymentIntent(db, provider, actorOf(request), request.body.orderId);
      return { clientSecret };
    },
  );

  app.patch(
    '/order/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['payments'],
        summary: 'Mark an order paid, once the payment provider confirms the payment',
        description:
          'The payment must have succeeded, for this order, for exactly its price, and paid no other order.',
        security: bearerSecurity,
        params: idParams,
        body: markOrderPaidBody,
        response: { 200: modifiedCountResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      markOrderPaid(app.database.db, provider, actorOf(request), request.params.id, request.body),
  );

  if (provider.name === 'demo') {
    app.post(
      '/payments/demo/confirm',
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['payments'],
          summary: 'Demo processor: pay an intent by card (nothing is charged); the order is not marked paid',
          security: bearerSecurity,
          body: demoConfirmBody,
          response: { 200: demoConfirmResponse, ...errorResponses(400, 401, 402, 403, 404, 409) },
        },
      },
      async (request) => confirmDemoPayment(app.database.db, provider, actorOf(request), request.body),
    );
  }
};
