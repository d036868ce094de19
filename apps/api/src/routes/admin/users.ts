import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { modifiedCountResponse } from '@shop/shared/contracts/tools';
import { userListSchema } from '@shop/shared/contracts/users';
import { emailParams } from '@shop/shared/fields';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import { listUsers, makeAdmin } from '../../modules/users/users.service';

export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Every account with its role, oldest first (admin)',
        security: bearerSecurity,
        response: { 200: userListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => listUsers({ db: app.database.db, adminEmails: app.adminEmails }),
  );

  app.put(
    '/user/admin/:email',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Make an account an admin, effective on its next request (admin)',
        security: bearerSecurity,
        params: emailParams,
        response: { 200: modifiedCountResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ modifiedCount: await makeAdmin(app.database.db, request.params.email) }),
  );
};
