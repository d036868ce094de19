import type { FastifyPluginAsync } from 'fastify';
import { SOCIAL_PROVIDER_ID } from '@shop/shared/social-sign-in';
import { oidcSettings } from '../../config';
import { addRoute } from '../../lib/add-route';
import { notFound } from '../../lib/errors';
import {
  exchangeSocialSession,
  forwardToBetterAuth,
  startSocialSignIn,
  type SocialSignInDeps,
} from './social-sign-in';

/** Social sign-in over OpenID Connect: start, the provider's callback, and the token exchange. */
export const socialSignInRoutes: FastifyPluginAsync = async (app) => {
  const oidc = oidcSettings(app.config);
  const publicOrigin = new URL(app.config.PUBLIC_URL ?? `http://localhost:${app.config.PORT}`).origin;
  const deps: SocialSignInDeps = {
    auth: app.auth,
    adminEmails: app.adminEmails,
    publicOrigin,
    authorizedOrigins: [publicOrigin],
    isConfigured: oidc !== null,
  };

  addRoute(app, 'GET /auth/providers', async () => ({
    oidc: oidc ? { name: oidc.name } : null,
    authorizedOrigins: [publicOrigin],
  }));

  addRoute(app, 'GET /auth/social/start', async (request, reply) => {
    const { url, setCookies } = await startSocialSignIn(deps, request.query, request.host);
    reply.header('set-cookie', setCookies).header('cache-control', 'no-store');
    return reply.redirect(url, 302);
  });

  addRoute(app, `GET /auth/callback/${SOCIAL_PROVIDER_ID}`, async (request, reply) => {
    if (!oidc) throw notFound('Social sign-in');
    return forwardToBetterAuth(deps, request, reply);
  });

  addRoute(app, 'POST /session/exchange', async (request, reply) => {
    const { answer, clearCookies } = await exchangeSocialSession(deps, {
      origin: request.headers.origin,
      cookie: request.headers.cookie,
    });
    reply.header('set-cookie', clearCookies).header('cache-control', 'no-store');
    return answer;
  });
};
