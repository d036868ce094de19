import { and, eq, isNull } from 'drizzle-orm';
import { REVIEW_TITLE } from '@shop/shared/constants';
import type { CreateReviewBody, Review } from '@shop/shared/contracts/reviews';
import type { PageQuery } from '@shop/shared/contracts/list-query';
import { reviewCopy } from '@shop/shared/review-copy';
import type { Database, DbExecutor } from '../../db/client';
import { isUniqueViolation } from '../../lib/database-errors';
import { AppError, conflict } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { afterCursor, orderByKeyset, pageLimit, pageOf, timestampKey } from '../../lib/keyset';
import { changing, type TellChanged } from '../../lib/change-topics';
import type { Actor } from '../../lib/request-context';
import { isSaleSql, orderLines, orders } from '../ordering';
import { tools } from '../catalogue';
import { takeHold } from './review-holds';
import { reviewColumns, reviewedTool, selectReviews, toReviewDto } from './review-rows';
import { reviews } from './reviews.table';

/** Hidden reviews are in no public list (docs/behaviour.md §7.5). */
const isPublic = isNull(reviews.hiddenAt);

/** Oldest first; the web app reverses the list to show the newest first (docs/behaviour.md §7.7). */
export async function listReviews(db: Database): Promise<Review[]> {
  const rows = await selectReviews(db).where(isPublic).orderBy(reviews.createdAt, reviews.id);
  return rows.map(toReviewDto);
}

/** Newest first: the carousel's order (§9.4) and the moderation page's. */
export const newestReviewPages = timestampKey('reviews', reviews.createdAt, reviews.id, 'uuid', 'desc');

/** One page of the public reviews, newest first (§9.4). */
export async function listReviewsPage(
  db: Database,
  query: PageQuery,
): Promise<{ reviews: Review[]; nextCursor: string | null }> {
  const limit = pageLimit(query.limit);
  const rows = await db
    .select({ ...reviewColumns, keyText: newestReviewPages.keyText, id: reviews.id })
    .from(reviews)
    .leftJoin(tools, reviewedTool)
    .where(and(isPublic, afterCursor(newestReviewPages, query.cursor)))
    .orderBy(...orderByKeyset(newestReviewPages))
    .limit(limit + 1);
  const page = pageOf(newestReviewPages, rows, limit);
  return { reviews: page.rows.map(toReviewDto), nextCursor: page.nextCursor };
}

const ONE_PER_TOOL = 'reviews_one_per_customer_and_tool';

/** The customer has bought the tool: a paid order with a line of it, kept (the Verified buyer rule, §7.4). */
async function hasBought(db: Database, userId: string, toolId: string): Promise<boolean> {
  const [sale] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orderLines.toolId, toolId), isSaleSql()))
    .limit(1);
  return sale !== undefined;
}

/**
 * The tool a review names: any tool in the shop; an archived one only for a customer who bought
 * it (docs/behaviour.md §7.3). Anything else is a 404, as an id that names no tool: an archived
 * tool is not in the shop for anyone else, and its name stays out of the public lists.
 */
async function reviewableTool(
  db: Database,
  actor: Actor,
  toolId: string,
): Promise<{ id: string; name: string }> {
  const [tool] = isUuid(toolId)
    ? await db
        .select({ id: tools.id, name: tools.name, archivedAt: tools.archivedAt })
        .from(tools)
        .where(eq(tools.id, toolId))
    : [];
  const isReviewable = tool && (tool.archivedAt === null || (await hasBought(db, actor.id, tool.id)));
  if (!isReviewable) throw new AppError('not-found', reviewCopy.toolNotFound);
  return tool;
}

/**
 * A review always carries its author's account name: a `name` in the body is ignored, so no one
 * posts in another's name (security rule 4). An empty or absent title becomes the default one.
 * A second review of the same tool by the same customer is a 409, decided by the database's
 * unique constraint, so two posts at once cannot both get in (docs/behaviour.md §7.3). A review
 * of a target whose review the shop hid starts hidden (review-holds.ts, §7.5).
 */
export async function createReview(
  db: Database,
  actor: Actor,
  body: CreateReviewBody,
  tellChanged: TellChanged,
): Promise<string> {
  const tool = body.toolId === undefined ? null : await reviewableTool(db, actor, body.toolId);
  try {
    return await changing(tellChanged, 'reviews', () =>
      db.transaction(async (tx) => {
        const hold = await takeHold(tx, actor.id, tool?.id ?? null);
        return insertReview(tx, {
          userId: actor.id,
          toolId: tool?.id ?? null,
          name: actor.name,
          rating: body.rating,
          review: body.review,
          title: body.address || REVIEW_TITLE,
          ...(hold && { hiddenAt: new Date(), hiddenReason: hold.reason, hiddenBy: hold.hiddenBy }),
        });
      }),
    );
  } catch (error) {
    if (tool && isUniqueViolation(error, ONE_PER_TOOL)) throw conflict(reviewCopy.alreadyReviewed(tool.name));
    throw error;
  }
}

/** The one inserter of the reviews table; the demo reviews have no account and a past date. */
export async function insertReview(db: DbExecutor, values: typeof reviews.$inferInsert): Promise<string> {
  const [row] = await db.insert(reviews).values(values).returning({ id: reviews.id });
  return row!.id;
}
