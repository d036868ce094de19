import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../lib/add-route';
import { asksForPage, linkNextPage } from '../../lib/keyset';
import {
  getProfile,
  isAdminEmail,
  listUsers,
  listUsersPage,
  makeAdmin,
  recordUser,
  updateProfile,
} from './users.service';
import { actorOf } from '../../lib/request-context';

/** Accounts: one's own token, admin flag and profile; the admins' list and promotion. */
export const userRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  const deps = { db, adminEmails: app.adminEmails };

  addRoute(app, 'PUT /user/:email', async (request) =>
    recordUser(actorOf(request), request.params.email, request.body),
  );

  addRoute(app, 'GET /admin/:email', async (request) => ({
    admin: await isAdminEmail(deps, actorOf(request), request.params.email),
  }));

  addRoute(app, 'GET /current-user', async (request) =>
    getProfile(db, actorOf(request), request.query.email),
  );

  addRoute(app, 'PUT /current-user/:email', async (request) =>
    updateProfile(db, actorOf(request), request.params.email, request.body),
  );

  addRoute(app, 'GET /user', async (request, reply) => {
    if (!asksForPage(request.query)) return listUsers(deps);
    const page = await listUsersPage(deps, request.query);
    linkNextPage(request, reply, page.nextCursor);
    return page.users;
  });

  addRoute(app, 'PUT /user/admin/:email', async (request) => ({
    modifiedCount: await makeAdmin(
      { db, sessionCache: app.sessionCache },
      request.params.email,
      actorOf(request),
    ),
  }));
};
