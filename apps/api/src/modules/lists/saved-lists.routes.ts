import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../lib/add-route';
import { actorOf } from '../../lib/request-context';
import { orderLimitsOf } from '../ordering';
import { addListToCart } from './add-list-to-cart';
import {
  createSavedList,
  deleteSavedList,
  getSavedList,
  listSavedLists,
  updateSavedList,
} from './saved-lists.service';

/** The caller's own saved lists (docs/behaviour.md §5.20); another's answer 404. */
export const savedListRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const limits = orderLimitsOf(app.config);

  addRoute(app, 'GET /list', async (request) => listSavedLists(db, actorOf(request).id));

  addRoute(app, 'POST /list', async (request) => createSavedList(db, actorOf(request), request.body));

  addRoute(app, 'GET /list/:id', async (request) => getSavedList(db, actorOf(request).id, request.params.id));

  addRoute(app, 'PATCH /list/:id', async (request) =>
    updateSavedList(db, actorOf(request).id, request.params.id, request.body),
  );

  addRoute(app, 'DELETE /list/:id', async (request) => ({
    deletedCount: await deleteSavedList(db, actorOf(request).id, request.params.id),
  }));

  addRoute(app, 'POST /list/:id/add-to-cart', async (request) =>
    addListToCart(db, actorOf(request).id, limits, request.params.id, request.headers['idempotency-key']),
  );
};
