import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionResponse } from '@shop/shared/contracts/account';
import {
  socialCallbackQuery,
  socialProvidersResponse,
  socialStartQuery,
} from '@shop/shared/contracts/social-sign-in';
import { SOCIAL_PROVIDER_ID, SOCIAL_SIGN_IN_COMPLETE_PATH } from '@shop/shared/social-sign-in';
import { oidcSettings } from '../../config';
import { notFound } from '../../lib/errors';
import { errorResponses } from '../../lib/route-schemas';
import {
  exchangeSocialSession,
  forwardToBetterAuth,
  startSocialSignIn,
  type SocialSignInDeps,
} from '../../modules/accounts/social-sign-in';

/**
 * Social sign-in (OpenID Connect, Google in production): start, the provider's callback (Better
 * Auth's own handler) and the exchange of the callback's cookie for a bearer token.
 */
export const socialSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  const oidc = oidcSettings(app.config);
  const publicOrigin = new URL(app.config.PUBLIC_URL ?? `http://localhost:${app.config.PORT}`).origin;
  const deps = (): SocialSignInDeps => ({
    auth: app.auth,
    adminEmails: app.adminEmails,
    publicOrigin,
    authorizedOrigins: [publicOrigin],
    isConfigured: oidc !== null,
  });
  const rateLimit = {
    max: app.config.AUTH_RATE_LIMIT_MAX,
    timeWindow: app.config.AUTH_RATE_LIMIT_WINDOW_MS,
  };
  const tags = ['account'];

  app.get(
    '/auth/providers',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The social sign-in provider, if any (null hides the button)',
        response: { 200: socialProvidersResponse },
      },
    },
    async () => ({ oidc: oidc ? { name: oidc.name } : null, authorizedOrigins: [publicOrigin] }),
  );

  app.get(
    '/auth/social/start',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: "Opened in the sign-in popup (or the tab): redirects to the provider's sign-in page",
        description:
          'Sets the state cookie, then answers 302 to the provider with state, nonce and a PKCE challenge.',
        querystring: socialStartQuery,
        response: errorResponses(400, 403, 404, 429),
      },
    },
    async (request, reply) => {
      const { url, setCookies } = await startSocialSignIn(deps(), request.query, request.host);
      reply.header('set-cookie', setCookies).header('cache-control', 'no-store');
      return reply.redirect(url, 302);
    },
  );

  app.get(
    `/auth/callback/${SOCIAL_PROVIDER_ID}`,
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: "The provider's redirect back (Better Auth checks state, PKCE, nonce and the ID token)",
        description: `Answers 302 to ${SOCIAL_SIGN_IN_COMPLETE_PATH}: with a session cookie on success, with ?error=... otherwise.`,
        querystring: socialCallbackQuery,
        response: errorResponses(400, 404, 429),
      },
    },
    async (request, reply) => {
      if (!oidc) throw notFound('Social sign-in');
      return forwardToBetterAuth(deps(), request, reply);
    },
  );

  app.post(
    '/session/exchange',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags,
        summary: "Trade the social sign-in's session cookie for a bearer token (same origin only)",
        response: { 200: sessionResponse, ...errorResponses(401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { session, clearCookie } = await exchangeSocialSession(deps(), {
        origin: request.headers.origin,
        cookie: request.headers.cookie,
      });
      reply.header('set-cookie', clearCookie).header('cache-control', 'no-store');
      return session;
    },
  );
};
