import { REVIEW_TITLE } from '@shop/shared/constants';
import type { CreateReviewBody, Review } from '@shop/shared/contracts/reviews';
import type { PageQuery } from '@shop/shared/contracts/list-query';
import type { Database, DbExecutor } from '../../db/client';
import { afterCursor, orderByKeyset, pageLimit, pageOf, timestampKey } from '../../lib/keyset';
import type { Actor } from '../accounts/actor';
import { reviews } from './reviews.table';

type ReviewRow = typeof reviews.$inferSelect;

/** The review's title travels as `address`, a historical name (docs/behaviour.md §4.5). */
function toReviewDto(row: ReviewRow): Review {
  return {
    _id: row.id,
    name: row.name,
    rating: row.rating,
    review: row.review,
    address: row.title,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Oldest first; the web app reverses the list to show the newest first (docs/behaviour.md §5.8). */
export async function listReviews(db: Database): Promise<Review[]> {
  const rows = await db.select().from(reviews).orderBy(reviews.createdAt, reviews.id);
  return rows.map(toReviewDto);
}

const newestPages = timestampKey('reviews', reviews.createdAt, reviews.id, 'uuid', 'desc');

/** One page of the reviews, newest first: the order the carousel shows them in (§14.4). */
export async function listReviewsPage(
  db: Database,
  query: PageQuery,
): Promise<{ reviews: Review[]; nextCursor: string | null }> {
  const limit = pageLimit(query.limit);
  const rows = await db
    .select({ review: reviews, keyText: newestPages.keyText, id: reviews.id })
    .from(reviews)
    .where(afterCursor(newestPages, query.cursor))
    .orderBy(...orderByKeyset(newestPages))
    .limit(limit + 1);
  const page = pageOf(newestPages, rows, limit);
  return { reviews: page.rows.map((row) => toReviewDto(row.review)), nextCursor: page.nextCursor };
}

/**
 * A review always carries its author's account name: a `name` in the body is ignored, so no one
 * posts in another's name (security rule 4). An empty or absent title becomes the default one.
 */
export async function createReview(db: Database, actor: Actor, body: CreateReviewBody): Promise<string> {
  return insertReview(db, {
    userId: actor.id,
    name: actor.name,
    rating: body.rating,
    review: body.review,
    title: body.address || REVIEW_TITLE,
  });
}

/** The one writer of the reviews table; the demo reviews have no account and a past date. */
export async function insertReview(db: DbExecutor, values: typeof reviews.$inferInsert): Promise<string> {
  const [row] = await db.insert(reviews).values(values).returning({ id: reviews.id });
  return row!.id;
}
