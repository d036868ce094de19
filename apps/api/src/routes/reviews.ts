import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../lib/add-route';
import { sendCachedJson } from '../lib/cached-json';
import { createReview } from '../modules/reviews/reviews.service';
import { actorOf } from '../plugins/access';

export const reviewRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  // The list answers from memory (plugins/catalogue.ts); a new review marks it stale.
  addRoute(app, 'GET /review', async (request, reply) =>
    sendCachedJson(request, reply, await app.catalogue.reviews.listJson()),
  );

  addRoute(app, 'POST /review', async (request) => {
    const insertedId = await createReview(db, actorOf(request), request.body);
    app.catalogue.reviewsChanged();
    return { insertedId };
  });
};
