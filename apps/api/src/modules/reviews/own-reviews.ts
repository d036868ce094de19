import { and, desc, eq, sql } from 'drizzle-orm';
import type { EditReviewBody, ManagedReview } from '@shop/shared/contracts/reviews';
import { REVIEW_TITLE } from '@shop/shared/constants';
import { reviewCopy } from '@shop/shared/review-copy';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { changing, type TellChanged } from '../../lib/change-topics';
import type { Actor } from '../../lib/request-context';
import { keepHold } from './review-holds';
import { selectReviews, toManagedReviewDto } from './review-rows';
import { reviews } from './reviews.table';

const notFound = () => new AppError('not-found', reviewCopy.reviewNotFound);

/**
 * Only the author's own row matches: another customer's review answers 404 like an unknown one,
 * so ids cannot be probed (docs/behaviour.md §7.6). Admins hide reviews; they do not edit them.
 */
const ownReview = (actor: Actor, id: string) => and(eq(reviews.id, id), eq(reviews.userId, actor.id));

/** The caller's reviews, newest first, hidden ones included with the shop's reason. */
export async function listOwnReviews(db: Database, actor: Actor): Promise<ManagedReview[]> {
  const rows = await selectReviews(db)
    .where(eq(reviews.userId, actor.id))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map(toManagedReviewDto);
}

async function findOwnReview(db: Database, actor: Actor, id: string): Promise<ManagedReview> {
  const [row] = await selectReviews(db).where(ownReview(actor, id));
  if (!row) throw notFound();
  return toManagedReviewDto(row);
}

/** New stars and text; a hidden review stays hidden until an admin restores it. */
export async function editOwnReview(
  db: Database,
  actor: Actor,
  id: string,
  body: EditReviewBody,
  tellChanged: TellChanged,
): Promise<ManagedReview> {
  if (!isUuid(id)) throw notFound();
  const changed = await db
    .update(reviews)
    .set({
      rating: body.rating,
      review: body.review,
      ...(body.address === undefined ? {} : { title: body.address || REVIEW_TITLE }),
      updatedAt: sql`now()`,
    })
    .where(ownReview(actor, id))
    .returning({ id: reviews.id });
  if (changed.length === 0) throw notFound();
  tellChanged('reviews');
  return findOwnReview(db, actor, id);
}

/**
 * Deletes the author's review. A hidden one leaves a hold behind: the author's next review of
 * the same target starts hidden with the shop's reason (docs/behaviour.md §7.5), so deleting
 * and posting again does not bring hidden words back to the public list.
 */
export async function deleteOwnReview(
  db: Database,
  actor: Actor,
  id: string,
  tellChanged: TellChanged,
): Promise<number> {
  if (!isUuid(id)) throw notFound();
  return changing(tellChanged, 'reviews', () =>
    db.transaction(async (tx) => {
      const deleted = await tx.delete(reviews).where(ownReview(actor, id)).returning({
        toolId: reviews.toolId,
        hiddenReason: reviews.hiddenReason,
        hiddenBy: reviews.hiddenBy,
      });
      const [review] = deleted;
      if (!review) throw notFound();
      if (review.hiddenReason !== null) {
        const hold = { reason: review.hiddenReason, hiddenBy: review.hiddenBy };
        await keepHold(tx, { userId: actor.id, toolId: review.toolId, hold });
      }
      return deleted.length;
    }),
  );
}
