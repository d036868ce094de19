import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../../lib/add-route';
import { linkNextPage } from '../../../lib/keyset';
import { actorOf } from '../../../lib/request-context';
import { adjustStock, listStockMovements, restock } from './stock.service';

/** The stock ledger's admin routes (docs/behaviour.md §3.11). */
export const stockRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const { tellChanged } = app;

  addRoute(app, 'POST /tool/:id/restock', async (request) =>
    restock(db, actorOf(request), request.params.id, request.body, tellChanged),
  );

  addRoute(app, 'POST /tool/:id/stock-adjustment', async (request) =>
    adjustStock(db, actorOf(request), request.params.id, request.body, tellChanged),
  );

  addRoute(app, 'GET /tool/:id/stock-movements', async (request, reply) => {
    const { nextCursor, ...page } = await listStockMovements(db, request.params.id, request.query);
    linkNextPage(request, reply, nextCursor);
    return page;
  });
};
