import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  MAX_SAVED_LISTS,
  type SavedList,
  type SavedListSummary,
  type createListBody,
  type updateListBody,
} from '@shop/shared/contracts/saved-lists';
import { centsToDollars } from '@shop/shared/money';
import { priceLine } from '@shop/shared/order-decision';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../db/client';
import { isUniqueViolation } from '../../lib/database-errors';
import { AppError, conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Actor } from '../../lib/request-context';
import { linesOfCart } from '../cart';
import { toolsForOrder } from '../catalogue';
import { findOrderFor, linesOf } from '../ordering';
import { savedListLines, savedLists } from './saved-lists.table';

type ListRow = typeof savedLists.$inferSelect;
type LineInput = { toolId: string; quantity: number };

/** The caller's lists, the last changed first (docs/behaviour.md §5.20). */
export async function listSavedLists(db: DbExecutor, userId: string): Promise<SavedListSummary[]> {
  const rows = await db
    .select({ list: savedLists, lineCount: sql<number>`count(${savedListLines.toolId})::int` })
    .from(savedLists)
    .leftJoin(savedListLines, eq(savedListLines.listId, savedLists.id))
    .where(eq(savedLists.userId, userId))
    .groupBy(savedLists.id)
    .orderBy(desc(savedLists.updatedAt), desc(savedLists.id));
  return rows.map(({ list, lineCount }) => toSummary(list, lineCount));
}

/**
 * Saves a list of the lines sent, of the cart's, or of one of the caller's orders (tools gone
 * from the shop left out). Under a lock per account: at most MAX_SAVED_LISTS, names unique.
 */
export async function createSavedList(
  db: Database,
  actor: Actor,
  body: z.output<typeof createListBody>,
): Promise<SavedList> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`lists:${actor.id}`}, 0))`);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(savedLists)
      .where(eq(savedLists.userId, actor.id));
    if (count >= MAX_SAVED_LISTS) {
      throw conflict(`You can keep at most ${MAX_SAVED_LISTS} lists; delete one first`);
    }
    const lines = await sourceLines(tx, actor, body);
    const [list] = await tx
      .insert(savedLists)
      .values({ userId: actor.id, name: body.name })
      .returning()
      .catch(rethrowNameInUse(body.name));
    await writeLines(tx, list!.id, lines);
    return readList(tx, list!);
  });
}

/** One of the caller's lists with its lines at today's prices; another's is 404. */
export async function getSavedList(db: DbExecutor, userId: string, id: string): Promise<SavedList> {
  return readList(db, await findListOf(db, userId, id));
}

/** Renames a list or sets its lines (all of them, as sent). */
export async function updateSavedList(
  db: Database,
  userId: string,
  id: string,
  body: z.output<typeof updateListBody>,
): Promise<SavedList> {
  return db.transaction(async (tx) => {
    const list = await findListOf(tx, userId, id, { forUpdate: true });
    if (body.lines) {
      // A line the list holds already may stay though its tool left the shop since (it is shown,
      // and skipped when the list goes to the cart): otherwise such a list could not be changed.
      const held = new Set((await linesOfList(tx, list.id)).map((line) => line.toolId));
      await checkToolsExist(tx, body.lines, held);
      await tx.delete(savedListLines).where(eq(savedListLines.listId, list.id));
      await writeLines(tx, list.id, body.lines);
    }
    const [updated] = await tx
      .update(savedLists)
      .set({ name: body.name, updatedAt: new Date() })
      .where(eq(savedLists.id, list.id))
      .returning()
      .catch(rethrowNameInUse(body.name ?? list.name));
    return readList(tx, updated!);
  });
}

export async function deleteSavedList(db: Database, userId: string, id: string): Promise<number> {
  const list = await findListOf(db, userId, id);
  const deleted = await db
    .delete(savedLists)
    .where(eq(savedLists.id, list.id))
    .returning({ id: savedLists.id });
  return deleted.length;
}

/** The list's lines, in their order. */
export function linesOfList(db: DbExecutor, listId: string) {
  return db
    .select()
    .from(savedListLines)
    .where(eq(savedListLines.listId, listId))
    .orderBy(asc(savedListLines.position));
}

/** One of the caller's lists; another account's answers as an unknown id does (404). */
export async function findListOf(
  db: DbExecutor,
  userId: string,
  id: string,
  { forUpdate = false } = {},
): Promise<ListRow> {
  if (!isUuid(id)) throw notFound('List');
  const query = db
    .select()
    .from(savedLists)
    .where(and(eq(savedLists.id, id), eq(savedLists.userId, userId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('List');
  return row;
}

/** The lines a new list starts with, from what the body names. */
async function sourceLines(
  tx: DbExecutor,
  actor: Actor,
  body: z.output<typeof createListBody>,
): Promise<LineInput[]> {
  if (body.fromCart) {
    return (await linesOfCart(tx, actor.id)).map(({ toolId, quantity }) => ({ toolId, quantity }));
  }
  if (body.fromOrderId !== undefined) {
    const order = await findOrderFor(tx, actor, body.fromOrderId, { admins: false });
    const lines = await linesOf(tx, order.id);
    const tools = await toolsForOrder(
      tx,
      lines.flatMap((line) => (line.toolId ? [line.toolId] : [])),
      actor.id,
    );
    return lines.flatMap(({ toolId, quantity }) =>
      toolId && tools.get(toolId)?.isArchived === false ? [{ toolId, quantity }] : [],
    );
  }
  await checkToolsExist(tx, body.lines ?? []);
  return body.lines ?? [];
}

/**
 * Every line names a tool in the shop (or, in `held`, one the list holds already), or the request
 * is refused at the first that does not.
 */
async function checkToolsExist(
  tx: DbExecutor,
  lines: readonly LineInput[],
  held: ReadonlySet<string> = new Set(),
): Promise<void> {
  const tools = await toolsForOrder(
    tx,
    lines.map((line) => line.toolId),
    null, // only whether each tool exists: no price is read
  );
  const at = lines.findIndex(
    (line) =>
      !(held.has(line.toolId) && tools.has(line.toolId)) && tools.get(line.toolId)?.isArchived !== false,
  );
  if (at !== -1) {
    const message = 'This tool is not in the shop';
    throw new AppError('invalid-input', message, [{ field: `lines.${at}.toolId`, message }]);
  }
}

async function writeLines(tx: DbExecutor, listId: string, lines: readonly LineInput[]): Promise<void> {
  if (lines.length === 0) return;
  await tx
    .insert(savedListLines)
    .values(
      lines.map((line, position) => ({ listId, toolId: line.toolId, quantity: line.quantity, position })),
    );
}

async function readList(db: DbExecutor, list: ListRow): Promise<SavedList> {
  const lines = await linesOfList(db, list.id);
  const tools = await toolsForOrder(
    db,
    lines.map((line) => line.toolId),
    list.userId,
  );
  const shown = lines.flatMap((line) => {
    const tool = tools.get(line.toolId);
    if (!tool) return [];
    return [
      {
        toolId: tool.id,
        sku: tool.sku,
        name: tool.name,
        img: tool.img,
        quantity: line.quantity,
        unitPrice: centsToDollars(priceLine(tool, line.quantity).unitPriceCents),
        isArchived: tool.isArchived,
      },
    ];
  });
  return { ...toSummary(list, shown.length), lines: shown };
}

const toSummary = (list: ListRow, lineCount: number): SavedListSummary => ({
  id: list.id,
  name: list.name,
  lineCount,
  createdAt: list.createdAt.toISOString(),
  updatedAt: list.updatedAt.toISOString(),
});

const rethrowNameInUse =
  (name: string) =>
  (error: unknown): never => {
    if (isUniqueViolation(error, 'saved_lists_user_name_idx')) {
      const message = `You already have a list called ${name}`;
      throw new AppError('conflict', message, [{ field: 'name', message }]);
    }
    throw error;
  };
