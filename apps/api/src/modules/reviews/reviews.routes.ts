import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../lib/add-route';
import { sendCachedJson } from '../../lib/cached-json';
import { asksForPage, linkNextPage } from '../../lib/keyset';
import { listReviewsForModeration, moderateReview } from './moderate-reviews';
import { deleteOwnReview, editOwnReview, listOwnReviews } from './own-reviews';
import { createReview, listReviewsPage } from './reviews.service';
import { actorOf } from '../../lib/request-context';

export const reviewRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.database;
  // Every write below changes what the public list shows: the service tells every instance to
  // drop its copy (docs/behaviour.md §7.5), this one before the answer goes out.
  const { tellChanged } = app;

  // The list answers from memory (plugins/catalogue.ts); a new review marks it stale.
  // With `limit` or `cursor`: one page from the database, newest first (docs/behaviour.md §9.4).
  addRoute(app, 'GET /review', async (request, reply) => {
    if (!asksForPage(request.query))
      return sendCachedJson(request, reply, await app.catalogue.reviews.listJson());
    const page = await listReviewsPage(db, request.query);
    linkNextPage(request, reply, page.nextCursor);
    return page.reviews;
  });

  addRoute(app, 'POST /review', async (request) => ({
    insertedId: await createReview(db, actorOf(request), request.body, tellChanged),
  }));

  addRoute(app, 'GET /my-reviews', async (request) => listOwnReviews(db, actorOf(request)));

  addRoute(app, 'PATCH /review/:id', async (request) =>
    editOwnReview(db, actorOf(request), request.params.id, request.body, tellChanged),
  );

  addRoute(app, 'DELETE /review/:id', async (request) => ({
    deletedCount: await deleteOwnReview(db, actorOf(request), request.params.id, tellChanged),
  }));

  addRoute(app, 'GET /moderation/reviews', async (request) => listReviewsForModeration(db, request.query));

  addRoute(app, 'PATCH /moderation/reviews/:id', async (request) =>
    moderateReview(db, actorOf(request), request.params.id, request.body, tellChanged),
  );
};
