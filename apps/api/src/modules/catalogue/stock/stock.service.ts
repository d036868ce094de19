import { and, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '@shop/shared/contracts/list-query';
import type {
  RestockBody,
  StockAdjustmentBody,
  StockMovement,
  StockMovementKind,
} from '@shop/shared/contracts/stock';
import type { TellChanged } from '../../../lib/change-topics';
import type { Database, DbExecutor } from '../../../db/client';
import { AppError, notFound } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { afterCursor, orderByKeyset, pageLimit, pageOf, timestampKey } from '../../../lib/keyset';
import { recordAudit, type AuditActor } from '../../audit';
import { tools } from '../tools/tools.table';
import { users } from '../../accounts';
import { stockMovements } from './stock-movements.table';

/**
 * The owner of a tool's stock after the tool is added (docs/behaviour.md §3.11). Every change of
 * `available_quantity` is a guarded update of the tool's row and one row of the stock ledger, in
 * the same transaction, so a tool's stock is always the sum of its movements. Units are taken by
 * an order only in the database function `place_order` (its reservation movement is written
 * there), and by an adjustment here; they are given back here only.
 */

interface Movement {
  toolId: string;
  delta: number;
  stockAfter: number;
  kind: StockMovementKind;
  note?: string | null;
  actorUserId?: string | null;
  orderId?: string | null;
}

/** One ledger row, in the caller's transaction, right after the update it records. */
export async function recordMovement(tx: DbExecutor, movement: Movement): Promise<string> {
  const [row] = await tx
    .insert(stockMovements)
    .values({ ...movement, note: movement.note || null })
    .returning({ id: stockMovements.id });
  return row!.id;
}

/**
 * Gives the units of a cancelled, expired or refunded order back (once: the caller won the guarded
 * update that set the order's stock_released_at). A tool deleted since has no stock to return to; an
 * archived one does (it may be restored).
 */
export async function releaseStock(
  tx: DbExecutor,
  release: { toolId: string | null; quantity: number; orderId: string; actorUserId: string | null },
): Promise<void> {
  if (!release.toolId) return;
  const [row] = await tx
    .update(tools)
    .set({ availableQuantity: sql`${tools.availableQuantity} + ${release.quantity}` })
    .where(eq(tools.id, release.toolId))
    .returning({ stock: tools.availableQuantity });
  if (!row) return;
  await recordMovement(tx, {
    toolId: release.toolId,
    delta: release.quantity,
    stockAfter: row.stock,
    kind: 'cancellation-release',
    orderId: release.orderId,
    actorUserId: release.actorUserId,
  });
}

export interface StockChange {
  availableQuantity: number;
  movement: StockMovement;
}

/** Adds units that arrived (admin); the note is optional. */
export function restock(
  db: Database,
  actor: AuditActor,
  toolId: string,
  body: RestockBody,
  tellChanged: TellChanged,
) {
  return changeStock(
    db,
    actor,
    { toolId, delta: body.quantity, kind: 'restock', note: body.note },
    tellChanged,
  );
}

/**
 * Corrects the count up or down with a reason (admin). The guarded update never takes the stock
 * below zero: the answer then says how many units there are.
 */
export function adjustStock(
  db: Database,
  actor: AuditActor,
  toolId: string,
  body: StockAdjustmentBody,
  tellChanged: TellChanged,
) {
  return changeStock(
    db,
    actor,
    { toolId, delta: body.delta, kind: 'adjustment', note: body.reason },
    tellChanged,
  );
}

async function changeStock(
  db: Database,
  actor: AuditActor,
  change: Omit<Movement, 'stockAfter' | 'actorUserId'> & { kind: 'restock' | 'adjustment' },
  tellChanged: TellChanged,
): Promise<StockChange> {
  if (!isUuid(change.toolId)) throw notFound('Tool');
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(tools)
      .set({ availableQuantity: sql`${tools.availableQuantity} + ${change.delta}` })
      .where(and(eq(tools.id, change.toolId), gte(sql`${tools.availableQuantity} + ${change.delta}`, 0)))
      .returning({ stock: tools.availableQuantity, name: tools.name });
    if (!row) throw await whyUnchanged(tx, change.toolId, change.delta);
    await recordAudit(tx, {
      actor,
      kind: change.kind === 'restock' ? 'stock.restock' : 'stock.adjust',
      target: { type: 'tool', id: change.toolId, label: row.name },
      before: { availableQuantity: row.stock - change.delta },
      after: { availableQuantity: row.stock },
      note: change.note,
    });
    return recordMovement(tx, { ...change, actorUserId: actor.id, stockAfter: row.stock });
  });
  tellChanged('tools');
  const [row] = await movementRows(db, eq(stockMovements.id, id), 1);
  return { availableQuantity: row!.movement.stockAfter, movement: row!.movement };
}

async function whyUnchanged(tx: DbExecutor, toolId: string, delta: number): Promise<AppError> {
  const [tool] = await tx
    .select({ name: tools.name, stock: tools.availableQuantity })
    .from(tools)
    .where(eq(tools.id, toolId));
  if (!tool) return notFound('Tool');
  return new AppError(
    'conflict',
    `Stock cannot go below zero: ${tool.name} has ${tool.stock} in stock, so it can go down by at most ${tool.stock} (asked ${delta})`,
  );
}

const newestFirst = timestampKey(
  'stock-movements',
  stockMovements.createdAt,
  stockMovements.id,
  'uuid',
  'desc',
);

/**
 * One page of a tool's ledger, newest first, with its current stock (admin). A tool sold in bulk
 * gathers a movement per order, so the ledger is always read a page at a time (§3.11).
 */
export async function listStockMovements(db: Database, toolId: string, query: PageQuery) {
  if (!isUuid(toolId)) throw notFound('Tool');
  const [tool] = await db
    .select({ name: tools.name, stock: tools.availableQuantity })
    .from(tools)
    .where(eq(tools.id, toolId));
  if (!tool) throw notFound('Tool');
  const limit = pageLimit(query.limit);
  const rows = await movementRows(
    db,
    and(eq(stockMovements.toolId, toolId), afterCursor(newestFirst, query.cursor)),
    limit + 1,
  );
  const page = pageOf(newestFirst, rows, limit);
  return {
    toolName: tool.name,
    availableQuantity: tool.stock,
    movements: page.rows.map(({ movement }) => movement),
    nextCursor: page.nextCursor,
  };
}

async function movementRows(db: DbExecutor, where: SQL | undefined, limit: number) {
  const rows = await db
    .select({
      movement: stockMovements,
      actorEmail: users.email,
      id: stockMovements.id,
      keyText: newestFirst.keyText,
    })
    .from(stockMovements)
    .leftJoin(users, eq(users.id, stockMovements.actorUserId))
    .where(where)
    .orderBy(...orderByKeyset(newestFirst))
    .limit(limit);
  return rows.map(({ movement, actorEmail, id, keyText }) => ({
    id,
    keyText,
    movement: {
      _id: movement.id,
      kind: movement.kind as StockMovementKind,
      delta: movement.delta,
      stockAfter: movement.stockAfter,
      note: movement.note,
      actorEmail,
      orderId: movement.orderId,
      createdAt: movement.createdAt.toISOString(),
    } satisfies StockMovement,
  }));
}
