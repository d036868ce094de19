import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account';
import { accountRecoveryRoutes } from './account-recovery';
import { auditRoutes } from './audit';
import { contactRoutes } from './contact';
import { healthRoutes } from './health';
import { orderRoutes } from './orders';
import { paymentRoutes } from './payments';
import { receiptRoutes } from './receipts';
import { reviewRoutes } from './reviews';
import { securityRoutes } from './security';
import { orderMailRoutes } from './order-mail';
import { shopMetricsRoutes } from './shop-metrics';
import { socialSignInRoutes } from './social-sign-in';
import { stockRoutes } from './stock';
import { toolRoutes } from './tools';
import { uploadRoutes } from './uploads';
import { userRoutes } from './users';

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
