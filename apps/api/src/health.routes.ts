import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from './lib/add-route';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  addRoute(app, 'GET /health', async () => {
    await app.database.db.execute(sql`select 1`);
    return { status: 'ok' as const, database: app.database.kind };
  });
};
