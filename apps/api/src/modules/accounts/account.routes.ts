import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../lib/add-route';
import { signIn, signOut, signUp } from './accounts.service';
import { toSessionUser } from './account-deps';
import { actorOf, clientOf } from '../../lib/request-context';

/** Sign-up, sign-in, the current session and sign-out. */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  const deps = { db: app.database.db, auth: app.auth, adminEmails: app.adminEmails };

  addRoute(app, 'POST /account', async (request) => signUp(deps, request.body, clientOf(request)));

  addRoute(app, 'POST /session', async (request) => signIn(deps, request.body, clientOf(request)));

  addRoute(app, 'GET /session', async (request) => {
    const actor = actorOf(request);
    return { user: toSessionUser(actor, app.adminEmails) };
  });

  addRoute(app, 'DELETE /session', async (request) => {
    await signOut(deps, actorOf(request).token);
    return { success: true };
  });
};
