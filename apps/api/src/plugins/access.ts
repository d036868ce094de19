import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { readBearerToken, resolveActor } from '../modules/accounts';
import { AppError } from '../lib/errors';
import type { Actor } from '../lib/request-context';
import type { Access } from '@shop/shared/api/define';
import { securityCopy } from '@shop/shared/security-copy';

export default fp(
  async (app) => {
    app.decorateRequest('actor', null);

    // A route without an access rule is a mistake: refuse to start rather than guess.
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || route.method === 'HEAD') return;
      if (route.url.startsWith('/api/docs')) return;
      if (!route.config?.access) {
        throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
      }
    });

    // onRequest runs before body validation: an anonymous caller hears 401, not 400.
    // Written with `done` rather than async: most requests are a visitor's reads, with no token
    // to look up, and they go on without a promise.
    app.addHook('onRequest', (request, reply, done) => {
      const access = request.routeOptions.config?.access;
      if (!access) return done();
      const token = readBearerToken(request.headers.authorization);
      if (!token) return done(decide(request, access, null));
      const deps = {
        db: app.database.db,
        auth: app.auth,
        adminEmails: app.adminEmails,
        sessionCache: app.sessionCache,
      };
      resolveActor(deps, token).then((actor) => {
        // A token that names no live session is refused on every route, public ones included
        // (RFC 6750 §3.1), so the web app learns at once that its session ended (§4.5).
        if (!actor) {
          reply.header('www-authenticate', 'Bearer error="invalid_token"');
          return done(new AppError('unauthorized', 'Your session has ended. Please sign in again.'));
        }
        done(decide(request, access, actor));
      }, done);
    });

    /** Records the caller on the request; the refusal when the route's rule keeps them out. */
    function decide(request: FastifyRequest, access: Access, actor: Actor | null): AppError | undefined {
      request.actor = actor;
      if (access === 'public') return undefined;
      if (!actor) return new AppError('unauthorized', 'Sign in first');
      if (access === 'admin' && !actor.isAdmin) return new AppError('forbidden', 'Admins only');
      if (access === 'admin' && app.config.ADMIN_REQUIRE_2FA && !actor.hasTwoFactor) {
        return new AppError('two-factor-required', securityCopy.twoFactorRequiredForAdmins);
      }
      return undefined;
    }
  },
  { name: 'access', dependencies: ['auth'] },
);
