import type { FastifyPluginAsync } from 'fastify';
import { sellerOf } from '../../config';
import { addRoute } from '../../lib/add-route';
import { actorOf } from '../../lib/request-context';
import { findOrderFor } from '../ordering';
import { toInvoice } from './invoice-dto';
import { invoiceFileName, invoicePdf } from './invoice-document';
import {
  endTerms,
  findInvoiceFor,
  invoiceOfOrder,
  putTerms,
  recordPayment,
  statementOf,
} from './invoices.service';
import { invoiceOrder } from './issue-invoice';
import { payInvoiceByCard, startInvoiceCardPayment } from './invoice-card-payment';

/** Payment terms, invoices, their payments and PDFs, a company's statement (docs/behaviour.md §5.23). */
export const invoicingRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const seller = sellerOf(app.config);

  addRoute(app, 'PUT /company/:id/terms', async (request) =>
    putTerms(db, actorOf(request), request.params.id, request.body),
  );

  addRoute(app, 'DELETE /company/:id/terms', async (request) => ({
    deletedCount: await endTerms(db, actorOf(request), request.params.id),
  }));

  addRoute(app, 'GET /company/:id/statement', async (request) =>
    statementOf(db, actorOf(request), request.params.id),
  );

  addRoute(app, 'GET /order/:id/invoice', async (request) =>
    invoiceOfOrder(db, actorOf(request), request.params.id),
  );

  addRoute(app, 'POST /order/:id/invoice', async (request, reply) => {
    const actor = actorOf(request);
    const order = await findOrderFor(db, actor, request.params.id, { admins: false });
    // A card payment started on the payment page is cancelled first: the order is paid once,
    // by the card (when it got there first, the invoice is then refused as already paid) or by invoice.
    await app.paymentActions.cancelInFlight(order.id);
    const invoice = await db.transaction((tx) => invoiceOrder(tx, actor, order.id));
    app.tellChanged('orders');
    return reply.code(201).send(toInvoice(invoice));
  });

  addRoute(app, 'GET /invoice/:id/pdf', async (request, reply) => {
    const invoice = await findInvoiceFor(db, actorOf(request), request.params.id);
    const pdf = await invoicePdf(db, invoice, seller);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${invoiceFileName(invoice)}"`)
      .send(pdf);
  });

  addRoute(app, 'POST /invoice/:id/payment', async (request, reply) =>
    reply.code(201).send(await recordPayment(db, actorOf(request), request.params.id, request.body)),
  );

  addRoute(app, 'POST /invoice/:id/card-intent', async (request) =>
    startInvoiceCardPayment(db, app.payments, actorOf(request), request.params.id),
  );

  addRoute(app, 'POST /invoice/:id/card-payment', async (request) =>
    payInvoiceByCard(db, app.payments, actorOf(request), request.params.id, request.body.intentId),
  );
};
