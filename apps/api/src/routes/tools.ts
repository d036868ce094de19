import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../lib/add-route';
import { notFound } from '../lib/errors';
import { createTool, deleteTool, getTool, listTools } from '../modules/tools/tools.service';

export const toolRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  addRoute(app, 'GET /tool', async () => listTools(db));

  addRoute(app, 'GET /tool/:id', async (request) => getTool(db, request.params.id));

  addRoute(app, 'POST /tool', async (request) => ({ insertedId: await createTool(db, request.body) }));

  addRoute(app, 'DELETE /delete-tool/:id', async (request) => {
    const deletedCount = await deleteTool(db, request.params.id);
    if (deletedCount === 0) throw notFound('Tool');
    await app.uploads.sweep();
    return { deletedCount };
  });
};
