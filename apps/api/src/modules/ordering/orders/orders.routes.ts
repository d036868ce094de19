import type { FastifyPluginAsync } from 'fastify';
import { centsToDollars } from '@shop/shared/money';
import { addRoute } from '../../../lib/add-route';
import { asksForPage, linkNextPage } from '../../../lib/keyset';
import {
  cancelOrder,
  getOrder,
  listAllOrders,
  listOrdersOf,
  listOrdersPage,
  placeOrder,
  shipOrder,
} from './orders.service';
import { adminCancelOrder } from './admin-cancel-order';
import { getOrderTimeline } from './order-timeline';
import { cancelPaymentInFlight } from '../../payments/cancel-payment-in-flight';
import { markOrderPaid } from '../../payments/mark-order-paid';
import { actorOf } from '../../../plugins/access';

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

  // The order stays as 'cancelled' (docs/behaviour.md §23.1); the answer keeps the spec's shape.
  addRoute(app, 'DELETE /order/:id', async (request) => {
    const deletedCount = await cancelOrder(db, actorOf(request), request.params.id);
    app.catalogue.toolsChanged();
    // Committed: now its payment in flight, if any, is cancelled (or, if it got there first, refunded).
    await cancelPaymentInFlight(db, app.payments, request.params.id).catch((error: unknown) =>
      request.log.error({ err: error }, 'Cancelling the payment of a cancelled order failed'),
    );
    return { deletedCount };
  });

  addRoute(app, 'GET /order/:id/timeline', async (request) =>
    getOrderTimeline(db, actorOf(request), request.params.id),
  );

  addRoute(app, 'POST /order/:id/cancel', async (request) => {
    const order = await adminCancelOrder(db, app.payments, actorOf(request), request.params.id, (error) =>
      request.log.error({ err: error }, 'Cancelling the payment of a cancelled order failed'),
    );
    app.catalogue.toolsChanged();
    // A refunded order no longer makes its customer a verified buyer (docs/behaviour.md §19.2).
    app.catalogue.reviewsChanged();
    return order;
  });

  // A paid order can earn its customer's reviews the 'Verified buyer' badge (docs/behaviour.md §19.2).
  addRoute(app, 'PATCH /order/:id', async (request) => {
    const answer = await markOrderPaid(db, app.payments, actorOf(request), request.params.id, request.body);
    app.catalogue.reviewsChanged();
    return answer;
  });

  addRoute(app, 'PATCH /shipping-order/:id', async (request) =>
    shipOrder(db, actorOf(request), request.params.id, request.body),
  );
};
