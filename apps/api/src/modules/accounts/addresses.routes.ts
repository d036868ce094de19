import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../lib/add-route';
import { actorOf } from '../../lib/request-context';
import { addAddress, deleteAddress, listAddresses, updateAddress } from './address-book';

/** The caller's own address book (docs/behaviour.md §4.17); another's addresses answer 404. */
export const addressRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  addRoute(app, 'GET /address', async (request) => listAddresses(db, actorOf(request).id));

  addRoute(app, 'POST /address', async (request) => addAddress(db, actorOf(request).id, request.body));

  addRoute(app, 'PATCH /address/:id', async (request) =>
    updateAddress(db, actorOf(request).id, request.params.id, request.body),
  );

  addRoute(app, 'DELETE /address/:id', async (request) => ({
    deletedCount: await deleteAddress(db, actorOf(request).id, request.params.id),
  }));
};
