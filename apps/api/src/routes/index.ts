import type { FastifyPluginAsync } from 'fastify';
import { adminOrderRoutes } from './admin/orders';
import { adminToolRoutes } from './admin/tools';
import { adminUploadRoutes } from './admin/upload';
import { adminUserRoutes } from './admin/users';
import { customerOrderRoutes } from './customer/orders';
import { customerPaymentRoutes } from './customer/payments';
import { customerReviewRoutes } from './customer/reviews';
import { customerUserRoutes } from './customer/users';
import { accountRoutes } from './public/account';
import { healthRoutes } from './public/health';
import { publicPaymentRoutes } from './public/payments';
import { publicReviewRoutes } from './public/reviews';
import { socialSignInRoutes } from './public/social-sign-in';
import { publicToolRoutes } from './public/tools';

/** Every API route, grouped by who may call it; mounted under /api. */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  // public
  await app.register(healthRoutes);
  await app.register(accountRoutes);
  await app.register(socialSignInRoutes);
  await app.register(publicToolRoutes);
  await app.register(publicReviewRoutes);
  await app.register(publicPaymentRoutes);
  // signed in
  await app.register(customerOrderRoutes);
  await app.register(customerPaymentRoutes);
  await app.register(customerUserRoutes);
  await app.register(customerReviewRoutes);
  // admin
  await app.register(adminToolRoutes);
  await app.register(adminOrderRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminUploadRoutes);
};
