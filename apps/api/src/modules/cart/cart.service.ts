import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  MAX_CART_LINES,
  type Cart,
  type CartLine,
  type CartLineResult,
  type setCartLinesBody,
} from '@shop/shared/contracts/cart';
import { centsToDollars } from '@shop/shared/money';
import { orderRefusalMessage, priceLine, priceLines } from '@shop/shared/order-decision';
import { nextRung, quantityProblem } from '@shop/shared/pricing';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../db/client';
import { toolsForOrder, type ToolForOrder } from '../catalogue';
import type { OrderLimitsConfig } from '../ordering';
import { nearestValid, refuseLine } from './cart-line-rules';
import { cartLines } from './cart-lines.table';

type CartLineRow = typeof cartLines.$inferSelect;
type CartLineQuantity = Pick<CartLineRow, 'toolId' | 'quantity'>;

/** The caller's cart, each line priced from its tool as it is now (docs/behaviour.md §5.18). */
export async function readCart(db: DbExecutor, userId: string, limits: OrderLimitsConfig): Promise<Cart> {
  const rows = await linesOfCart(db, userId);
  const tools = await toolsForOrder(
    db,
    rows.map((row) => row.toolId),
    userId,
  );
  return toCart(rows, tools, limits);
}

/**
 * Sets the quantity of each tool sent (0 takes it out), each on the quantity it ends up with
 * against its tool's rules; a refused line is left as it was, never rounded, and its refusal
 * names the nearest valid quantities. Under a lock per cart, so that two changes at once (two
 * tabs, a quick-add and an edit) each see the other's lines. Answers the cart and a result per
 * line sent, in the order sent.
 */
export async function setCartLines(
  db: Database,
  userId: string,
  body: z.output<typeof setCartLinesBody>,
  limits: OrderLimitsConfig,
): Promise<{ cart: Cart; results: CartLineResult[] }> {
  return db.transaction(async (tx) => {
    await lockCart(tx, userId);
    const before = await linesOfCart(tx, userId);
    const held = new Set(before.map((row) => row.toolId));
    // The tools of the lines held and of those sent: the cart answered is priced from them.
    const tools = await toolsForOrder(tx, [...held, ...body.lines.map((line) => line.toolId)], userId);
    const results: CartLineResult[] = [];
    const removed: string[] = [];
    const kept = new Map<string, number>();
    for (const { toolId, quantity } of body.lines) {
      if (quantity === 0) {
        removed.push(toolId);
        held.delete(toolId);
        results.push({ toolId, status: 'ok' });
        continue;
      }
      const refusal = refuseLine(
        tools.get(toolId),
        quantity,
        !held.has(toolId) && held.size >= MAX_CART_LINES,
      );
      if (refusal) {
        results.push({ toolId, status: 'refused', ...refusal });
        continue;
      }
      kept.set(toolId, quantity);
      held.add(toolId);
      results.push({ toolId, status: 'ok' });
    }
    // Written in two statements whatever the number of lines: each round trip holds the lock longer.
    if (removed.length > 0) await removeCartLines(tx, userId, removed);
    await upsertCartLines(tx, userId, kept);
    // Not read again: under the cart's lock, the lines are what was there with these two writes.
    return { cart: toCart(linesAfter(before, removed, kept), tools, limits), results };
  });
}

/**
 * The cart's lines, oldest first, after `removed` were taken out and then `kept` upserted, as
 * the two writes above leave them: a line held keeps its place, a new one comes last, in the
 * order upserted.
 */
function linesAfter(
  before: readonly CartLineRow[],
  removed: readonly string[],
  kept: ReadonlyMap<string, number>,
): CartLineQuantity[] {
  const gone = new Set(removed);
  const lines: CartLineQuantity[] = before
    .filter((row) => !gone.has(row.toolId))
    .map((row) => ({ toolId: row.toolId, quantity: kept.get(row.toolId) ?? row.quantity }));
  const present = new Set(lines.map((line) => line.toolId));
  for (const [toolId, quantity] of kept) if (!present.has(toolId)) lines.push({ toolId, quantity });
  return lines;
}

/** The cart's lines, oldest first. */
export const linesOfCart = (db: DbExecutor, userId: string): Promise<CartLineRow[]> =>
  db.select().from(cartLines).where(eq(cartLines.userId, userId)).orderBy(asc(cartLines.sequence));

/** One change of a cart at a time (the cap of MAX_CART_LINES holds, and every line's rules). */
export const lockCart = (tx: DbExecutor, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`cart:${userId}`}, 0))`);

/** Sets the quantity of each tool given, adding the lines not yet in the cart (in the order given). */
export async function upsertCartLines(
  tx: DbExecutor,
  userId: string,
  quantities: ReadonlyMap<string, number>,
) {
  if (quantities.size === 0) return;
  await tx
    .insert(cartLines)
    .values([...quantities].map(([toolId, quantity]) => ({ userId, toolId, quantity })))
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.toolId],
      set: { quantity: sql`excluded.quantity` },
    });
}

/** Empties the cart of the tools an order took (checkout, once the order exists). */
export const removeCartLines = (tx: DbExecutor, userId: string, toolIds: readonly string[]) =>
  tx.delete(cartLines).where(and(eq(cartLines.userId, userId), inArray(cartLines.toolId, [...toolIds])));

/** A deeper rung is worth showing when it is at most the line's own quantity away. */
const isNear = (addQuantity: number, quantity: number) => addQuantity <= quantity;

function toCart(
  rows: readonly CartLineQuantity[],
  tools: Map<string, ToolForOrder>,
  limits: OrderLimitsConfig,
): Cart {
  const lines: CartLine[] = [];
  const orderable: { rules: ToolForOrder; quantity: number }[] = [];
  let hasProblem = false;
  for (const row of rows) {
    const tool = tools.get(row.toolId);
    if (!tool) continue; // deleted since: the foreign key took the line out too
    const price = priceLine(tool, row.quantity);
    const problem = tool.isArchived ? { code: 'not-found' as const } : quantityProblem(tool, row.quantity);
    if (problem) hasProblem = true;
    else orderable.push({ rules: tool, quantity: row.quantity });
    const next = nextRung(tool.priceBreaks, row.quantity);
    lines.push({
      toolId: tool.id,
      name: tool.name,
      sku: tool.sku,
      img: tool.img,
      quantity: row.quantity,
      unitPrice: centsToDollars(price.unitPriceCents),
      rung: price.rung && {
        fromQuantity: price.rung.fromQuantity,
        unitPrice: centsToDollars(price.rung.unitPriceCents),
      },
      nextRung:
        next && isNear(next.addQuantity, row.quantity)
          ? { addQuantity: next.addQuantity, unitPrice: centsToDollars(next.rung.unitPriceCents) }
          : null,
      lineTotal: centsToDollars(price.lineTotalCents),
      minOrderQuantity: tool.minOrderQuantity,
      packSize: tool.packSize,
      maxOrderQuantity: tool.maxOrderQuantity,
      availableQuantity: tool.availableQuantity,
      problem: problem && {
        code: problem.code,
        ...(problem.code === 'not-found'
          ? { message: 'This tool is no longer in the shop', nearest: [] }
          : { message: orderRefusalMessage(problem), nearest: nearestValid(tool, row.quantity) }),
      },
    });
  }
  // The totals are of what can be ordered now: a line with a problem is shown but not counted.
  const total = priceLines(orderable, limits.freeShippingOverCents ?? 0);
  const minimum = limits.orderMinimumCents;
  const shortfall = minimum === null ? 0 : Math.max(0, minimum - total.itemsTotalCents);
  return {
    lines,
    itemsTotal: centsToDollars(total.itemsTotalCents),
    shipping: centsToDollars(orderable.length === 0 ? 0 : total.shippingCents),
    total: centsToDollars(orderable.length === 0 ? 0 : total.totalCents),
    freeShippingOver:
      limits.freeShippingOverCents === null ? null : centsToDollars(limits.freeShippingOverCents),
    orderMinimum:
      minimum === null ? null : { minimum: centsToDollars(minimum), shortfall: centsToDollars(shortfall) },
    canCheckOut: lines.length > 0 && !hasProblem && shortfall === 0,
  };
}
