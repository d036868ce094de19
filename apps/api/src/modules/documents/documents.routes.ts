import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../lib/add-route';
import { actorOf } from '../../lib/request-context';
import { getReceipt } from '../ordering';
import { sellerOf } from '../../config';

/** A paid order's receipt as a PDF, for whoever may read the receipt (docs/behaviour.md §5.16). */
export const documentsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const seller = sellerOf(app.config);

  addRoute(app, 'GET /order/:id/receipt/pdf', async (request, reply) => {
    const receipt = await getReceipt(db, actorOf(request), request.params.id, seller);
    // Loaded on the first document: pdfkit and its font tools cost memory a shop that never
    // prints would carry for nothing (README: Performance).
    const { renderReceiptPdf } = await import('./receipt-pdf');
    const pdf = await renderReceiptPdf(receipt, seller);
    // Cache-Control: no-store comes with every signed-in route (lib/add-route.ts, §9.1).
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="receipt-${receipt.orderId.slice(0, 8)}.pdf"`)
      .send(pdf);
  });
};
