import { and, eq, isNull } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { reviewHolds } from './review-holds.table';

/** Why a new review starts hidden: the shop's reason, and the admin who gave it. */
interface Hold {
  reason: string;
  hiddenBy: string | null;
}

/**
 * Whether the author's new review of the target must start hidden, and why: when they deleted
 * a review of it while it was hidden (docs/behaviour.md §7.5). The hold is taken: the new review
 * carries it on, and should that one be deleted while still hidden, a new hold is kept. In the
 * new review's transaction, so a refused post takes nothing.
 */
export async function takeHold(tx: DbExecutor, userId: string, toolId: string | null): Promise<Hold | null> {
  const [held] = await tx
    .delete(reviewHolds)
    .where(
      and(
        eq(reviewHolds.userId, userId),
        toolId === null ? isNull(reviewHolds.toolId) : eq(reviewHolds.toolId, toolId),
      ),
    )
    .returning({ reason: reviewHolds.reason, hiddenBy: reviewHolds.hiddenBy });
  return held ?? null;
}

/** Keeps the hold of a hidden review its author deletes, in the delete's transaction. */
export async function keepHold(
  tx: DbExecutor,
  { userId, toolId, hold }: { userId: string; toolId: string | null; hold: Hold },
): Promise<void> {
  await tx
    .insert(reviewHolds)
    .values({ userId, toolId, reason: hold.reason, hiddenBy: hold.hiddenBy })
    .onConflictDoUpdate({
      target: [reviewHolds.userId, reviewHolds.toolId],
      set: { reason: hold.reason, hiddenBy: hold.hiddenBy, createdAt: new Date() },
    });
}
