import type { FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './health.routes';
import { accountsRoutes } from './modules/accounts';
import { auditRoutes } from './modules/audit';
import { backofficeRoutes } from './modules/backoffice';
import { cartRoutes } from './modules/cart';
import { catalogueRoutes } from './modules/catalogue';
import { companyRoutes } from './modules/companies';
import { documentsRoutes } from './modules/documents';
import { savedListRoutes } from './modules/lists';
import { orderingRoutes } from './modules/ordering';
import { paymentRoutes } from './modules/payments';
import { reviewRoutes } from './modules/reviews';
import { taxRoutes } from './modules/tax';
import { invoicingRoutes, settleInvoiceIntent } from './modules/invoicing';
import { quoteRoutes } from './modules/quotes';

/**
 * Every API route, mounted under /api: each module registers its own. Paths, access rules and
 * schemas come from the shared table (packages/shared/src/api/routes.ts).
 */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(accountsRoutes);
  await app.register(catalogueRoutes);
  await app.register(orderingRoutes);
  await app.register(cartRoutes);
  await app.register(quoteRoutes);
  await app.register(savedListRoutes);
  await app.register(companyRoutes);
  await app.register(taxRoutes);
  await app.register(invoicingRoutes);
  // Stripe's webhook settles an invoice's card payment through invoicing (payments cannot import it).
  await app.register(paymentRoutes, { settleInvoiceIntent });
  await app.register(documentsRoutes);
  await app.register(reviewRoutes);
  await app.register(backofficeRoutes);
  await app.register(auditRoutes);
};
