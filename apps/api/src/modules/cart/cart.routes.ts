import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../lib/add-route';
import { actorOf } from '../../lib/request-context';
import { orderLimitsOf } from '../ordering';
import { readCart, setCartLines } from './cart.service';
import { cartTax } from './cart-tax';
import { checkout } from './checkout';
import { placeDepsOf } from './place-and-pay';
import { quickAdd } from './quick-add';
import { reorder } from './reorder';

/** The caller's own cart, its fast paths and its checkout (docs/behaviour.md §5.18, §5.19). */
export const cartRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const limits = orderLimitsOf(app.config);

  addRoute(app, 'GET /cart', async (request) => readCart(db, actorOf(request).id, limits));

  addRoute(app, 'GET /cart/tax', async (request) =>
    cartTax({ db, limits, tax: app.tax }, actorOf(request), request.query.addressId),
  );

  addRoute(app, 'PUT /cart/lines', async (request) =>
    setCartLines(db, actorOf(request).id, request.body, limits),
  );

  addRoute(app, 'POST /checkout', async (request) =>
    checkout(placeDepsOf(app), actorOf(request), request.body, request.headers['idempotency-key']),
  );

  addRoute(app, 'POST /cart/quick-add/check', async (request) =>
    quickAdd(db, actorOf(request).id, limits, request.body, { apply: false }),
  );

  addRoute(app, 'POST /cart/quick-add', async (request) =>
    quickAdd(db, actorOf(request).id, limits, request.body, {
      apply: true,
      idempotencyKey: request.headers['idempotency-key'],
    }),
  );

  addRoute(app, 'POST /order/:id/reorder', async (request) =>
    reorder(db, actorOf(request), limits, request.params.id, request.headers['idempotency-key']),
  );
};
