import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reviewListSchema } from '@shop/shared/contracts/reviews';
import { listReviews } from '../../modules/reviews/reviews.service';

export const publicReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/review',
    {
      config: { access: 'public' },
      schema: {
        tags: ['reviews'],
        summary: 'Every review, oldest first (the feedback carousel shows the newest first)',
        response: { 200: reviewListSchema },
      },
    },
    async () => listReviews(app.database.db),
  );
};
