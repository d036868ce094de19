import type { FastifyPluginAsync } from 'fastify';
import { sellerOf } from '../../../config';
import { addRoute } from '../../../lib/add-route';
import { exportOrdersCsv } from './export-orders';
import { getReceipt } from './get-receipt';
import { actorOf } from '../../../lib/request-context';

/** A paid order's receipt (its customer or an admin) and the admins' CSV export of orders. */
export const receiptRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const seller = sellerOf(app.config);

  addRoute(app, 'GET /order/:id/receipt', async (request) =>
    getReceipt(db, actorOf(request), request.params.id, seller),
  );

  addRoute(app, 'GET /order-export', async (request, reply) => {
    const csv = exportOrdersCsv(db, request.query, {
      onError: (error) => request.log.error({ err: error }, 'order export failed after it started'),
    });
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
};
