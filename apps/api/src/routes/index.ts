import type { FastifyPluginAsync } from 'fastify';
import { adminToolRoutes } from './admin/tools';
import { accountRoutes } from './public/account';
import { healthRoutes } from './public/health';
import { publicToolRoutes } from './public/tools';

/** Every API route, grouped by who may call it; mounted under /api. */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  // public
  await app.register(healthRoutes);
  await app.register(accountRoutes);
  await app.register(publicToolRoutes);
  // admin
  await app.register(adminToolRoutes);
};
