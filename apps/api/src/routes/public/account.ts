import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  currentSessionResponse,
  sessionResponse,
  signInBody,
  signOutResponse,
  signUpBody,
} from '@shop/shared/contracts/account';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import { signIn, signOut, signUp, toSessionUser } from '../../modules/accounts/accounts.service';
import { actorOf } from '../../plugins/access';

/** Sign-up and sign-in: limited per client, so that guessing passwords or e-mails is slow. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.database.db, auth: app.auth, adminEmails: app.adminEmails });
  const rateLimit = {
    max: app.config.AUTH_RATE_LIMIT_MAX,
    timeWindow: app.config.AUTH_RATE_LIMIT_WINDOW_MS,
  };

  app.post(
    '/account',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['account'],
        summary: 'Sign up with name, e-mail and password',
        body: signUpBody,
        response: { 201: sessionResponse, ...errorResponses(400, 409, 429) },
      },
    },
    async (request, reply) => reply.status(201).send(await signUp(deps(), request.body)),
  );

  app.post(
    '/session',
    {
      config: { access: 'public', rateLimit },
      schema: {
        tags: ['account'],
        summary: 'Sign in with e-mail and password',
        body: signInBody,
        response: { 200: sessionResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => signIn(deps(), request.body),
  );

  app.get(
    '/session',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['account'],
        summary: 'The signed-in account',
        security: bearerSecurity,
        response: { 200: currentSessionResponse, ...errorResponses(401) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return { user: toSessionUser({ ...actor, role: actor.role }, app.adminEmails) };
    },
  );

  app.delete(
    '/session',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['account'],
        summary: 'Sign out: the token stops working at once',
        security: bearerSecurity,
        response: { 200: signOutResponse, ...errorResponses(401) },
      },
    },
    async (request) => {
      await signOut(deps(), actorOf(request).token);
      return { success: true };
    },
  );
};
