import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../../lib/add-route';
import { actorOf } from '../../../lib/request-context';
import { deleteContractPrice, listContractPrices, putContractPrice } from './contract-prices';

/** A company's contract prices (docs/behaviour.md §3.15): read by its members, set by the shop's admins. */
export const contractPriceRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  addRoute(app, 'GET /company/:id/price', async (request) =>
    listContractPrices(db, actorOf(request), request.params.id),
  );

  addRoute(app, 'PUT /company/:id/price/:toolId', async (request) =>
    putContractPrice(db, actorOf(request), request.params.id, request.params.toolId, request.body),
  );

  addRoute(app, 'DELETE /company/:id/price/:toolId', async (request) => ({
    deletedCount: await deleteContractPrice(db, actorOf(request), request.params.id, request.params.toolId),
  }));
};
