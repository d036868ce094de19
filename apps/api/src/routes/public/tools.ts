import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toolListSchema, toolSchema } from '@shop/shared/contracts/tools';
import { idParams } from '@shop/shared/fields';
import { errorResponses } from '../../lib/route-schemas';
import { getTool, listTools } from '../../modules/tools/tools.service';

export const publicToolRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tool',
    {
      config: { access: 'public' },
      schema: { tags: ['tools'], summary: 'The catalogue, oldest first', response: { 200: toolListSchema } },
    },
    async () => listTools(app.database.db),
  );

  app.get(
    '/tool/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['tools'],
        summary: 'One tool',
        params: idParams,
        response: { 200: toolSchema, ...errorResponses(404) },
      },
    },
    async (request) => getTool(app.database.db, request.params.id),
  );
};
