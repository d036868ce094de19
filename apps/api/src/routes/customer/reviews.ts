import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createReviewBody } from '@shop/shared/contracts/reviews';
import { insertedIdResponse } from '@shop/shared/contracts/tools';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import { createReview } from '../../modules/reviews/reviews.service';
import { actorOf } from '../../plugins/access';

export const customerReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/review',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['reviews'],
        summary: "Post a rating (1 to 5) and review under the account's own name",
        security: bearerSecurity,
        body: createReviewBody,
        response: { 201: insertedIdResponse, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const insertedId = await createReview(app.database.db, actorOf(request), request.body);
      return reply.status(201).send({ insertedId });
    },
  );
};
