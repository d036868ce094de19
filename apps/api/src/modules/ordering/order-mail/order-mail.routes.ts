import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../../lib/add-route';
import { actorOf } from '../../../lib/request-context';
import { listFailedOrderMail, retryFailedOrderMail } from './failed-order-mail';

/** The order e-mails that could not be sent, for the owner (docs/behaviour.md §5.13). */
export const orderMailRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  addRoute(app, 'GET /order-mail/failed', async () => listFailedOrderMail(db));

  // The answer wakes the mail job (plugins/jobs.ts): the e-mail goes out within moments.
  addRoute(app, 'POST /order-mail/:id/retry', async (request) =>
    retryFailedOrderMail(db, actorOf(request), request.params.id),
  );
};
