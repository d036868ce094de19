import { and, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { ManagedReview, ModerateReviewBody, ModerationState } from '@shop/shared/contracts/reviews';
import { reviewCopy } from '@shop/shared/review-copy';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { afterCursor, orderByKeyset, pageLimit, pageOf } from '../../lib/keyset';
import { changing, type TellChanged } from '../../lib/change-topics';
import type { Actor } from '../../lib/request-context';
import { tools } from '../catalogue';
import { changedFields, recordAudit } from '../audit';
import {
  reviewColumns,
  reviewedTool,
  selectReviews,
  toManagedReviewDto,
  type ReviewRow,
} from './review-rows';
import { newestReviewPages } from './reviews.service';
import { reviews } from './reviews.table';

const stateCondition: Record<ModerationState, SQL | undefined> = {
  all: undefined,
  visible: isNull(reviews.hiddenAt),
  hidden: isNotNull(reviews.hiddenAt),
};

/** The moderation page: every review, hidden ones included, newest first (docs/behaviour.md §8.10). */
export async function listReviewsForModeration(
  db: Database,
  query: { state: ModerationState; limit?: number | undefined; cursor?: string | undefined },
): Promise<{ reviews: ManagedReview[]; nextCursor: string | null }> {
  const limit = pageLimit(query.limit);
  const rows = await db
    .select({ ...reviewColumns, keyText: newestReviewPages.keyText, id: reviews.id })
    .from(reviews)
    .leftJoin(tools, reviewedTool)
    .where(and(stateCondition[query.state], afterCursor(newestReviewPages, query.cursor)))
    .orderBy(...orderByKeyset(newestReviewPages))
    .limit(limit + 1);
  const page = pageOf(newestReviewPages, rows, limit);
  return { reviews: page.rows.map(toManagedReviewDto), nextCursor: page.nextCursor };
}

/**
 * Hides a review with the admin's reason, or restores it (the reason goes with the hiding).
 * Hiding an already hidden review replaces the reason; the public list is told. The
 * audit trail records a change, in the same transaction (§8.8); restoring a visible review
 * changes nothing and records nothing.
 */
export async function moderateReview(
  db: Database,
  admin: Actor,
  id: string,
  body: ModerateReviewBody,
  tellChanged: TellChanged,
): Promise<ManagedReview> {
  const notFound = () => new AppError('not-found', reviewCopy.reviewNotFound);
  if (!isUuid(id)) throw notFound();
  const changes = body.hidden
    ? { hiddenAt: new Date(), hiddenReason: body.reason, hiddenBy: admin.id }
    : { hiddenAt: null, hiddenReason: null, hiddenBy: null };
  return changing(tellChanged, 'reviews', () =>
    db.transaction(async (tx) => {
      const [before] = await selectReviews(tx).where(eq(reviews.id, id)).for('update', { of: reviews });
      if (!before) throw notFound();
      await tx.update(reviews).set(changes).where(eq(reviews.id, id));
      const [after] = await selectReviews(tx).where(eq(reviews.id, id));
      const { before: was, after: now } = changedFields(moderationOf(before), moderationOf(after!));
      if (Object.keys(now).length > 0) {
        await recordAudit(tx, {
          actor: admin,
          kind: body.hidden ? 'review.hide' : 'review.restore',
          target: {
            type: 'review',
            id,
            label: `${before.review.name}'s review of ${before.toolName ?? 'the shop'}`,
          },
          before: was,
          after: now,
        });
      }
      return toManagedReviewDto(after!);
    }),
  );
}

const moderationOf = ({ review }: ReviewRow) => ({
  hidden: review.hiddenAt !== null,
  reason: review.hiddenReason,
});
