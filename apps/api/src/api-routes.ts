import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './modules/accounts/account.routes';
import { accountRecoveryRoutes } from './modules/accounts/account-recovery.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { contactRoutes } from './modules/backoffice/contact/contact.routes';
import { healthRoutes } from './plugins/health';
import { orderRoutes } from './modules/ordering/orders/orders.routes';
import { paymentRoutes } from './modules/payments/payments.routes';
import { receiptRoutes } from './modules/ordering/orders/receipts.routes';
import { reviewRoutes } from './modules/reviews/reviews.routes';
import { securityRoutes } from './modules/accounts/security.routes';
import { orderMailRoutes } from './modules/ordering/order-mail/order-mail.routes';
import { shopMetricsRoutes } from './modules/backoffice/metrics/shop-metrics.routes';
import { socialSignInRoutes } from './modules/accounts/social-sign-in.routes';
import { stockRoutes } from './modules/catalogue/stock/stock.routes';
import { toolRoutes } from './modules/catalogue/tools/tools.routes';
import { uploadRoutes } from './modules/catalogue/uploads/uploads.routes';
import { userRoutes } from './modules/accounts/users.routes';

/**
 * Every API route, one file per resource; mounted under /api. Paths, access rules and schemas
 * come from the shared table (packages/shared/src/api/routes.ts).
 */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(accountRoutes);
  await app.register(accountRecoveryRoutes);
  await app.register(securityRoutes);
  await app.register(socialSignInRoutes);
  await app.register(toolRoutes);
  await app.register(stockRoutes);
  await app.register(orderRoutes);
  await app.register(paymentRoutes);
  await app.register(reviewRoutes);
  await app.register(userRoutes);
  await app.register(uploadRoutes);
  await app.register(contactRoutes);
  await app.register(auditRoutes);
  await app.register(receiptRoutes);
  await app.register(shopMetricsRoutes);
  await app.register(orderMailRoutes);
};
