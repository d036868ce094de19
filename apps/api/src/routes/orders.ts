import type { FastifyPluginAsync } from 'fastify';
import { centsToDollars } from '@shop/shared/money';
import { addRoute } from '../lib/add-route';
import { asksForPage, linkNextPage } from '../lib/keyset';
import {
  cancelOrder,
  getOrder,
  listAllOrders,
  listOrdersOf,
  listOrdersPage,
  placeOrder,
  shipOrder,
} from '../modules/orders/orders.service';
import { markOrderPaid } from '../modules/payments/mark-order-paid';
import { actorOf } from '../plugins/access';

/** Every /order route: customers place, read, cancel and pay their own; admins list and ship. */
export const orderRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  // Placing and cancelling move a tool's stock: the in-memory catalogue is told once committed.
  addRoute(app, 'POST /order', async (request) => {
    const insertedId = await placeOrder(db, actorOf(request), request.body, {
      maxOpenUnpaid: app.config.MAX_OPEN_UNPAID_ORDERS,
      orderMinimumCents: app.config.ORDER_MINIMUM ?? null,
    });
    app.catalogue.toolsChanged();
    return { insertedId };
  });

  addRoute(app, 'GET /order-rules', async () => ({
    orderMinimum: app.config.ORDER_MINIMUM === undefined ? null : centsToDollars(app.config.ORDER_MINIMUM),
  }));

  addRoute(app, 'GET /my-order', async (request) => listOrdersOf(db, actorOf(request), request.query.email));

  addRoute(app, 'GET /order', async (request, reply) => {
    if (!asksForPage(request.query)) return listAllOrders(db);
    const page = await listOrdersPage(db, request.query);
    linkNextPage(request, reply, page.nextCursor);
    return page.orders;
  });

  addRoute(app, 'GET /order/:id', async (request) => getOrder(db, actorOf(request), request.params.id));

  addRoute(app, 'DELETE /order/:id', async (request) => {
    const deletedCount = await cancelOrder(db, actorOf(request), request.params.id);
    app.catalogue.toolsChanged();
    return { deletedCount };
  });

  // A paid order can earn its customer's reviews the 'Verified buyer' badge (docs/behaviour.md §19.2).
  addRoute(app, 'PATCH /order/:id', async (request) => {
    const answer = await markOrderPaid(db, app.payments, actorOf(request), request.params.id, request.body);
    app.catalogue.reviewsChanged();
    return answer;
  });

  addRoute(app, 'PATCH /shipping-order/:id', async (request) =>
    shipOrder(db, request.params.id, actorOf(request)),
  );
};
