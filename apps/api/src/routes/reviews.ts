import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../lib/add-route';
import { sendCachedJson } from '../lib/cached-json';
import { asksForPage, linkNextPage } from '../lib/keyset';
import { createReview, listReviewsPage } from '../modules/reviews/reviews.service';
import { actorOf } from '../plugins/access';

export const reviewRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;

  // The list answers from memory (plugins/catalogue.ts); a new review marks it stale.
  // With `limit` or `cursor`: one page from the database, newest first (docs/behaviour.md §14.4).
  addRoute(app, 'GET /review', async (request, reply) => {
    if (!asksForPage(request.query))
      return sendCachedJson(request, reply, await app.catalogue.reviews.listJson());
    const page = await listReviewsPage(db, request.query);
    linkNextPage(request, reply, page.nextCursor);
    return page.reviews;
  });

  addRoute(app, 'POST /review', async (request) => {
    const insertedId = await createReview(db, actorOf(request), request.body);
    app.catalogue.reviewsChanged();
    return { insertedId };
  });
};
