import type { FastifyPluginAsync } from 'fastify';
import { contactRoutes } from './contact/contact.routes';
import { shopMetricsRoutes } from './metrics/shop-metrics.routes';

/** Every route of the back office. */
export const backofficeRoutes: FastifyPluginAsync = async (app) => {
  await app.register(contactRoutes);
  await app.register(shopMetricsRoutes);
};
