import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../lib/add-route';
import { sendCachedJson } from '../lib/cached-json';
import { notFound } from '../lib/errors';
import { createTool, deleteTool } from '../modules/tools/tools.service';

export const toolRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const { catalogue } = app;

  // Reads answer from memory (plugins/catalogue.ts); writes tell it once committed.
  addRoute(app, 'GET /tool', async (request, reply) =>
    sendCachedJson(request, reply, await catalogue.tools.listJson()),
  );

  addRoute(app, 'GET /tool/:id', async (request, reply) =>
    sendCachedJson(request, reply, await catalogue.tools.toolJson(request.params.id)),
  );

  addRoute(app, 'POST /tool', async (request) => {
    const insertedId = await createTool(db, request.body);
    catalogue.toolsChanged();
    return { insertedId };
  });

  addRoute(app, 'DELETE /delete-tool/:id', async (request) => {
    const deletedCount = await deleteTool(db, request.params.id);
    if (deletedCount === 0) throw notFound('Tool');
    catalogue.toolsChanged();
    await app.uploads.sweep();
    return { deletedCount };
  });
};
