import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminFlagResponse,
  currentUserQuery,
  profileSchema,
  recordUserBody,
  tokenResponse,
  updateProfileBody,
} from '@shop/shared/contracts/users';
import { emailParams } from '@shop/shared/fields';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import { getProfile, isAdminEmail, recordUser, updateProfile } from '../../modules/users/users.service';
import { actorOf } from '../../plugins/access';

/** The signed-in account's own token, admin flag and profile. */
export const customerUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/user/:email',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        summary: "The caller's own token, for its own e-mail only (no token without proof)",
        security: bearerSecurity,
        params: emailParams,
        body: recordUserBody,
        response: { 200: tokenResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => recordUser(actorOf(request), request.params.email, request.body),
  );

  app.get(
    '/admin/:email',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        summary: 'Whether an account is an admin (one may ask about oneself; admins about anyone)',
        security: bearerSecurity,
        params: emailParams,
        response: { 200: adminFlagResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      admin: await isAdminEmail(
        { db: app.database.db, adminEmails: app.adminEmails },
        actorOf(request),
        request.params.email,
      ),
    }),
  );

  app.get(
    '/current-user',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        summary: "A profile: one's own (no e-mail given), or anyone's for an admin",
        security: bearerSecurity,
        querystring: currentUserQuery,
        response: { 200: profileSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getProfile(app.database.db, actorOf(request), request.query.email),
  );

  app.put(
    '/current-user/:email',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        summary: "Save one's own profile (all seven fields); no one edits another's",
        security: bearerSecurity,
        params: emailParams,
        body: updateProfileBody,
        response: { 200: profileSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => updateProfile(app.database.db, actorOf(request), request.params.email, request.body),
  );
};
