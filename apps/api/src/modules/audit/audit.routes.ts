import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../lib/add-route';
import { linkNextPage } from '../../lib/keyset';
import { listAuditEvents } from './list-audit-events';

/** The audit trail, read by admins (docs/behaviour.md §9.11); rows are written by the actions. */
export const auditRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  addRoute(app, 'GET /audit-events', async (request, reply) => {
    const page = await listAuditEvents(db, request.query);
    linkNextPage(request, reply, page.nextCursor);
    return page.events;
  });
};
