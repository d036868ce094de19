import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../../lib/add-route';
import { cachedJsonSerializer, sendCachedJson } from '../../../lib/cached-json';
import { dayKey } from './metric-period';
import { computeShopMetrics } from './shop-metrics';

const serializeMetrics = cachedJsonSerializer('GET /shop-metrics');

/**
 * The owner's dashboard figures (docs/behaviour.md §8.1), kept between writes by period and UTC
 * day (plugins/back-office-answers.ts): the next day is a new period.
 */
export const shopMetricsRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  addRoute(app, 'GET /shop-metrics', async (request, reply) => {
    const { days } = request.query;
    const now = new Date();
    const json = await app.backOffice.metrics.get(`${days}@${dayKey(now)}`, async () =>
      serializeMetrics(await computeShopMetrics(db, days, now)),
    );
    return sendCachedJson(request, reply, json);
  });
};
