import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../lib/add-route';
import { actorOf } from '../../lib/request-context';
import { orderLimitsOf } from '../ordering';
import { readCart, setCartLines } from './cart.service';
import { checkout } from './checkout';

/** The caller's own cart and its checkout (docs/behaviour.md §5.18). */
export const cartRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const limits = orderLimitsOf(app.config);

  addRoute(app, 'GET /cart', async (request) => readCart(db, actorOf(request).id, limits));

  addRoute(app, 'PUT /cart/lines', async (request) =>
    setCartLines(db, actorOf(request).id, request.body, limits),
  );

  addRoute(app, 'POST /checkout', async (request) =>
    checkout(
      { db, limits, tellChanged: app.tellChanged },
      actorOf(request),
      request.body,
      request.headers['idempotency-key'],
    ),
  );
};
