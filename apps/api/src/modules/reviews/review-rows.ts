import { eq, sql } from 'drizzle-orm';
import type { ManagedReview, Review } from '@shop/shared/contracts/reviews';
import type { DbExecutor } from '../../db/client';
import { isSaleSql, orderLines, orders } from '../ordering';
import { tools } from '../catalogue';
import { reviews } from './reviews.table';

/**
 * 'Verified buyer' (docs/behaviour.md §7.4), decided when read, never stored: the author has a
 * paid order (paid and kept: a refunded one does not count) with a line of the tool reviewed, or
 * any paid order for a general review. Demo reviews have no author and so are never verified.
 */
const verifiedBuyer = sql<boolean>`exists (
  select 1 from ${orders}
  where ${orders.userId} = ${reviews.userId}
    and ${isSaleSql()}
    and (${reviews.toolId} is null or exists (
      select 1 from ${orderLines}
      where ${orderLines.orderId} = ${orders.id} and ${orderLines.toolId} = ${reviews.toolId}
    ))
)`;

/** The columns every review answer is made of: the row, its tool's name and the badge. */
export const reviewColumns = { review: reviews, toolName: tools.name, verifiedBuyer };

/** `select(reviewColumns)` from reviews with the tool named, for any further where and order. */
export const selectReviews = (db: DbExecutor) =>
  db.select(reviewColumns).from(reviews).leftJoin(tools, reviewedTool);

/** The join of a review to its tool (none for a general review). */
export const reviewedTool = eq(tools.id, reviews.toolId);

export interface ReviewRow {
  review: typeof reviews.$inferSelect;
  toolName: string | null;
  verifiedBuyer: boolean;
}

/** The review's title travels as `address`, a historical name (docs/behaviour.md §7.1). */
export function toReviewDto({ review, toolName, verifiedBuyer }: ReviewRow): Review {
  return {
    _id: review.id,
    name: review.name,
    rating: review.rating,
    review: review.review,
    address: review.title,
    createdAt: review.createdAt.toISOString(),
    verifiedBuyer,
    toolId: review.toolId,
    toolName,
  };
}

/** As its author and the admins see it: hidden or not, and why. */
export function toManagedReviewDto(row: ReviewRow): ManagedReview {
  return {
    ...toReviewDto(row),
    hidden: row.review.hiddenAt !== null,
    hiddenReason: row.review.hiddenReason,
    hiddenAt: row.review.hiddenAt?.toISOString() ?? null,
    updatedAt: row.review.updatedAt?.toISOString() ?? null,
  };
}
