import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../lib/add-route';
import {
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from './account-recovery.service';
import { actorOf } from '../../lib/request-context';

/** Forgotten passwords and e-mail verification (docs/behaviour.md §4.8). */
export const accountRecoveryRoutes: FastifyPluginAsync = async (app) => {
  const deps = { db: app.database.db, auth: app.auth };

  addRoute(app, 'POST /password-reset', async (request) => requestPasswordReset(deps, request.body.email));

  addRoute(app, 'POST /password-reset/complete', async (request) => resetPassword(deps, request.body));

  addRoute(app, 'POST /email-verification', async (request) => resendVerification(deps, actorOf(request)));

  addRoute(app, 'POST /email-verification/complete', async (request) =>
    verifyEmail(deps, request.body.token),
  );
};
