import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse } from '@shop/shared/contracts/health';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: healthResponse },
      },
    },
    async () => {
      await app.database.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
};
