import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { centsToDollars } from '@shop/shared/money';
import { addRoute } from '../../../lib/add-route';
import { cachedJsonSerializer, sendCachedJson } from '../../../lib/cached-json';
import { asksForPage, linkNextPage } from '../../../lib/keyset';
import {
  cancelOrder,
  getOrder,
  listAllOrders,
  listOrdersOf,
  listOrdersPage,
  shipOrder,
} from './orders.service';
import { orderLimitsOf, orderOneTool } from './place-order';
import { adminCancelOrder } from './admin-cancel-order';
import { getOrderTimeline } from './order-timeline';
import type { OrderCloseDeps } from './order-close-deps';
import { actorOf } from '../../../lib/request-context';
import { publicUrlOf } from '../../../config';
import { askForApproval, decideApproval } from './approvals';
import { taxRuleFor } from '../../tax';

const serializeOrders = cachedJsonSerializer('GET /order');

/**
 * Every /order route: customers place, read and cancel their own; admins list, ship and cancel.
 * (Paying, `PATCH /order/:id`, is the payments module's.)
 */
export const orderRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const { tellChanged } = app;
  const approvalDeps = { db, mailer: app.mail, publicUrl: publicUrlOf(app.config), tellChanged };
  /** Closing an order: the payment side comes from the composition (payment-actions.ts). */
  const closeDeps = (request: FastifyRequest): OrderCloseDeps => ({
    db,
    payments: app.paymentActions,
    tellChanged,
    onPaymentCancelError: (error) =>
      request.log.error({ err: error }, 'Cancelling the payment of a cancelled order failed'),
  });

  // The spec's order of one tool, typed address and all (docs/behaviour.md §5.3).
  addRoute(app, 'POST /order', async (request) => {
    const actor = actorOf(request);
    const origin = { country: app.config.SHOP_COUNTRY, region: app.config.SHOP_REGION ?? null };
    const tax = await taxRuleFor(app.tax, db, actor.id, origin);
    const placed = await orderOneTool(db, actor, request.body, orderLimitsOf(app.config), tellChanged, tax);
    if (placed.awaitsApproval) await askForApproval(approvalDeps, placed.orderId);
    return { insertedId: placed.orderId };
  });

  addRoute(app, 'GET /order-rules', async () => ({
    orderMinimum: app.config.ORDER_MINIMUM === undefined ? null : centsToDollars(app.config.ORDER_MINIMUM),
    freeShippingOver:
      app.config.FREE_SHIPPING_OVER === undefined ? null : centsToDollars(app.config.FREE_SHIPPING_OVER),
  }));

  addRoute(app, 'GET /my-order', async (request) => listOrdersOf(db, actorOf(request), request.query));

  // Pages are kept between writes (plugins/back-office-answers.ts); the spec's whole list is not.
  addRoute(app, 'GET /order', async (request, reply) => {
    if (!asksForPage(request.query)) return listAllOrders(db);
    const { state, q, limit, cursor } = request.query;
    const page = await app.backOffice.orderPages.get(JSON.stringify([state, q, limit, cursor]), async () => {
      const { orders, nextCursor } = await listOrdersPage(db, request.query);
      return { json: serializeOrders(orders), nextCursor };
    });
    linkNextPage(request, reply, page.nextCursor);
    return sendCachedJson(request, reply, page.json);
  });

  addRoute(app, 'GET /order/:id', async (request) => getOrder(db, actorOf(request), request.params.id));

  // The order stays as 'cancelled' (docs/behaviour.md §5.5); the answer keeps the spec's shape.
  addRoute(app, 'DELETE /order/:id', async (request) => ({
    deletedCount: await cancelOrder(closeDeps(request), actorOf(request), request.params.id),
  }));

  addRoute(app, 'GET /order/:id/timeline', async (request) =>
    getOrderTimeline(db, actorOf(request), request.params.id),
  );

  addRoute(app, 'POST /order/:id/cancel', async (request) =>
    adminCancelOrder(closeDeps(request), actorOf(request), request.params.id),
  );

  addRoute(app, 'PATCH /shipping-order/:id', async (request) =>
    shipOrder(db, actorOf(request), request.params.id, request.body),
  );

  // A company buyer's order above their limit, decided by a company admin (docs/behaviour.md §5.21).
  addRoute(app, 'POST /order/:id/approve', async (request) =>
    decideApproval(approvalDeps, actorOf(request), request.params.id, { approve: true }),
  );

  addRoute(app, 'POST /order/:id/decline-approval', async (request) =>
    decideApproval(approvalDeps, actorOf(request), request.params.id, {
      approve: false,
      reason: request.body.reason,
    }),
  );
};
