import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createToolBody, deletedCountResponse, insertedIdResponse } from '@shop/shared/contracts/tools';
import { idParams } from '@shop/shared/fields';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import { notFound } from '../../lib/errors';
import { createTool, deleteTool } from '../../modules/tools/tools.service';

export const adminToolRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/tool',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tools'],
        summary: 'Add a tool (admin)',
        security: bearerSecurity,
        body: createToolBody,
        response: { 201: insertedIdResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const insertedId = await createTool(app.database.db, request.body);
      return reply.status(201).send({ insertedId });
    },
  );

  app.delete(
    '/delete-tool/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['tools'],
        summary: 'Delete a tool (admin); its orders stay intact',
        security: bearerSecurity,
        params: idParams,
        response: { 200: deletedCountResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const deletedCount = await deleteTool(app.database.db, request.params.id);
      if (deletedCount === 0) throw notFound('Tool');
      await app.uploads.sweep();
      return { deletedCount };
    },
  );
};
