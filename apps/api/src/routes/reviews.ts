import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../lib/add-route';
import { createReview, listReviews } from '../modules/reviews/reviews.service';
import { actorOf } from '../plugins/access';

export const reviewRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  addRoute(app, 'GET /review', async () => listReviews(db));

  addRoute(app, 'POST /review', async (request) => ({
    insertedId: await createReview(db, actorOf(request), request.body),
  }));
};
