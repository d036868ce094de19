import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createOrderBody, myOrdersQuery, orderListSchema, orderSchema } from '@shop/shared/contracts/orders';
import { deletedCountResponse, insertedIdResponse } from '@shop/shared/contracts/tools';
import { idParams } from '@shop/shared/fields';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import { cancelOrder, getOrder, listOrdersOf, placeOrder } from '../../modules/orders/orders.service';
import { actorOf } from '../../plugins/access';

/** A signed-in customer's orders: place, list, read and cancel. Ownership is the service's rule. */
export const customerOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/order',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['orders'],
        summary: 'Place an order; name, e-mail, tool name and price are decided by the server',
        security: bearerSecurity,
        body: createOrderBody,
        response: { 201: insertedIdResponse, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const insertedId = await placeOrder(app.database.db, actorOf(request), request.body);
      return reply.status(201).send({ insertedId });
    },
  );

  app.get(
    '/my-order',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['orders'],
        summary: "The caller's own orders, newest first; another e-mail is refused",
        security: bearerSecurity,
        querystring: myOrdersQuery,
        response: { 200: orderListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listOrdersOf(app.database.db, actorOf(request), request.query.email),
  );

  app.get(
    '/order/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['orders'],
        summary: 'One order, for its owner or an admin',
        security: bearerSecurity,
        params: idParams,
        response: { 200: orderSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => getOrder(app.database.db, actorOf(request), request.params.id),
  );

  app.delete(
    '/order/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['orders'],
        summary: "Cancel one's own unpaid order; its quantity goes back to stock",
        security: bearerSecurity,
        params: idParams,
        response: { 200: deletedCountResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const deletedCount = await cancelOrder(app.database.db, actorOf(request), request.params.id);
      return { deletedCount };
    },
  );
};
