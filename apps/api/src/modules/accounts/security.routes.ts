import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../lib/add-route';
import { changePassword } from './change-password';
import { listDevices, signOutDevice, signOutOtherDevices } from './devices';
import { confirmTwoFactor, disableTwoFactor, startTwoFactorSetup } from './two-factor';
import { verifyTwoFactorSignIn } from './two-factor-sign-in';
import { actorOf, clientOf } from '../../lib/request-context';

/** The two-factor sign-in step, password change, devices and two-factor setup (docs/behaviour.md §4.12). */
export const securityRoutes: FastifyPluginAsync = async (app) => {
  const deps = { db: app.database.db, auth: app.auth, adminEmails: app.adminEmails };

  addRoute(app, 'POST /session/two-factor', async (request) =>
    verifyTwoFactorSignIn(deps, request.body, clientOf(request)),
  );

  addRoute(app, 'POST /account/password', async (request) =>
    changePassword(deps, actorOf(request), request.body),
  );

  addRoute(app, 'GET /account/sessions', async (request) => ({
    sessions: await listDevices(deps, actorOf(request)),
  }));

  addRoute(app, 'DELETE /account/sessions/:id', async (request) => {
    await signOutDevice(deps, actorOf(request), request.params.id);
    return { success: true };
  });

  addRoute(app, 'DELETE /account/sessions', async (request) => {
    await signOutOtherDevices(deps, actorOf(request));
    return { success: true };
  });

  addRoute(app, 'GET /account/two-factor', async (request) => {
    const actor = actorOf(request);
    return { enabled: actor.hasTwoFactor, required: actor.isAdmin && app.config.ADMIN_REQUIRE_2FA };
  });

  addRoute(app, 'POST /account/two-factor', async (request) =>
    startTwoFactorSetup(deps, actorOf(request), request.body.password),
  );

  addRoute(app, 'POST /account/two-factor/confirm', async (request) =>
    confirmTwoFactor(deps, actorOf(request), request.body.code),
  );

  addRoute(app, 'POST /account/two-factor/disable', async (request) =>
    disableTwoFactor(deps, actorOf(request), request.body.password),
  );
};
