import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../../lib/add-route';
import { computeShopMetrics } from './shop-metrics';

/** The owner's dashboard figures (docs/behaviour.md §8.1). */
export const shopMetricsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  addRoute(app, 'GET /shop-metrics', async (request) =>
    computeShopMetrics(db, request.query.days, new Date()),
  );
};
