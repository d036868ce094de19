import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../../lib/add-route';
import { sendToolsForCaller } from '../prices/caller-prices';
import { notFound } from '../../../lib/errors';
import { actorOf } from '../../../lib/request-context';
import { deleteOrArchiveTool, listArchivedTools, restoreTool } from './archive-tool';
import { createTool } from './tools.service';
import { updateTool } from './update-tool';
import { asksForPage, linkNextPage } from '../../../lib/keyset';
import { searchTools } from './search-tools';

export const toolRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const { catalogue, tellChanged } = app;

  // Reads answer from memory (plugins/catalogue.ts); the services tell it of writes once committed.
  // A company member's answer carries the company's contract prices (prices/caller-prices.ts).
  // Without parameters the whole list; with any, one page, read from the database once and then
  // kept in memory until the tools change (docs/behaviour.md §3.4, decision 0023).
  addRoute(app, 'GET /tool', async (request, reply) => {
    if (!asksForPage(request.query))
      return sendToolsForCaller(db, request, reply, await catalogue.tools.listJson());
    const { query } = request;
    const key = JSON.stringify(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)));
    const page = await catalogue.tools.page(key, () => searchTools(db, query));
    linkNextPage(request, reply, page.nextCursor);
    return sendToolsForCaller(db, request, reply, page.json);
  });

  addRoute(app, 'GET /tool/:id', async (request, reply) =>
    sendToolsForCaller(db, request, reply, await catalogue.tools.toolJson(request.params.id)),
  );

  addRoute(app, 'POST /tool', async (request) => {
    const insertedId = await createTool(db, request.body, actorOf(request), tellChanged);
    return { insertedId };
  });

  addRoute(app, 'PATCH /tool/:id', async (request) => {
    const { tool, isPictureChanged } = await updateTool(
      db,
      request.params.id,
      request.body,
      actorOf(request),
      tellChanged,
    );
    if (isPictureChanged) await app.uploads.sweep();
    return tool;
  });

  // Archived when an order names the tool, deleted otherwise (docs/behaviour.md §3.12).
  addRoute(app, 'DELETE /delete-tool/:id', async (request) => {
    const { deletedCount, isArchived } = await deleteOrArchiveTool(
      db,
      request.params.id,
      actorOf(request),
      tellChanged,
    );
    if (deletedCount === 0) throw notFound('Tool');
    if (!isArchived) await app.uploads.sweep();
    return { deletedCount };
  });

  addRoute(app, 'GET /archived-tool', async () => listArchivedTools(db));

  addRoute(app, 'POST /archived-tool/:id/restore', async (request) => {
    const modifiedCount = await restoreTool(db, request.params.id, actorOf(request), tellChanged);
    if (modifiedCount === 0) throw notFound('Archived tool');
    return { modifiedCount };
  });
};
