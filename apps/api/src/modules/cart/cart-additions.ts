import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import { MAX_CART_LINES, type CartAddition, type CartAdditionsResponse } from '@shop/shared/contracts/cart';
import { formatCount } from '@shop/shared/format';
import { centsToDollars } from '@shop/shared/money';
import { priceLine } from '@shop/shared/order-decision';
import type { Database, DbExecutor } from '../../db/client';
import { conflict } from '../../lib/errors';
import type { ToolForOrder } from '../catalogue';
import type { OrderLimitsConfig } from '../ordering';
import { cartAdditions } from './cart-additions.table';
import { refuseLine, type LineRefusal } from './cart-line-rules';
import { linesOfCart, lockCart, readCart, upsertCartLines } from './cart.service';

/**
 * One row to add to the cart: a quick-order row, an order's line to order again, a saved list's
 * line. `tool` is what it names as the tool is now, or undefined with `missing` saying why.
 */
export interface WantedRow {
  sku: string | null;
  /** The name to show when the tool is gone (an order line keeps its own). */
  name: string | null;
  quantity: number;
  tool: ToolForOrder | undefined;
  missing?: { code: string; message: string };
  /** Ordering again: the unit price paid then, to flag a change. */
  wasUnitPriceCents?: number;
}

export interface AdditionOptions {
  /** false: check only, the cart is not changed (the quick-order pad's first step). */
  apply: boolean;
  /** Sent, the same key again answers the first results and adds nothing (docs/behaviour.md §5.19). */
  idempotencyKey?: string;
  /** What was asked, for the key: the same key for another ask is refused. */
  request: unknown;
}

/**
 * Adds rows to the caller's cart, each on the quantity its line ends up with (docs/behaviour.md
 * §5.19), under the cart's lock and in one transaction: the valid rows go in together and a
 * refused row keeps no other out. Rows of one tool are merged into the first. `resolve` finds
 * the rows' tools inside the transaction, so a tool archived a moment ago is seen as archived.
 */
export async function addToCart(
  db: Database,
  userId: string,
  limits: OrderLimitsConfig,
  resolve: (tx: DbExecutor) => Promise<WantedRow[]>,
  { apply, idempotencyKey, request }: AdditionOptions,
): Promise<CartAdditionsResponse> {
  return db.transaction(async (tx) => {
    await lockCart(tx, userId);
    const digest = createHash('sha256').update(JSON.stringify(request)).digest('base64url');
    if (idempotencyKey) {
      const [earlier] = await tx
        .select()
        .from(cartAdditions)
        .where(and(eq(cartAdditions.userId, userId), eq(cartAdditions.idempotencyKey, idempotencyKey)));
      if (earlier) {
        if (earlier.requestDigest !== digest) {
          throw conflict('This Idempotency-Key was sent before for something else: send a new key');
        }
        return {
          cart: await readCart(tx, userId, limits),
          results: earlier.results,
          addedCount: earlier.addedCount,
        };
      }
    }
    const results = await checkRows(tx, userId, await resolve(tx), apply);
    const addedCount = results.filter((result) => result.status !== 'refused').length;
    if (apply && idempotencyKey) {
      await tx
        .delete(cartAdditions)
        .where(
          and(eq(cartAdditions.userId, userId), lt(cartAdditions.createdAt, sql`now() - interval '1 day'`)),
        );
      await tx
        .insert(cartAdditions)
        .values({ userId, idempotencyKey, requestDigest: digest, results, addedCount });
    }
    return { cart: await readCart(tx, userId, limits), results, addedCount };
  });
}

/** Each row's result, in the order sent; with `apply`, the valid ones written to the cart. */
async function checkRows(
  tx: DbExecutor,
  userId: string,
  rows: WantedRow[],
  apply: boolean,
): Promise<CartAddition[]> {
  const held = new Map((await linesOfCart(tx, userId)).map((line) => [line.toolId, line.quantity]));
  // Rows of one tool are one line: the first row carries their sum, the others point at it.
  const firstOfTool = new Map<string, number>();
  const sums = rows.map((row) => row.quantity);
  rows.forEach((row, index) => {
    if (!row.tool) return;
    const first = firstOfTool.get(row.tool.id);
    if (first === undefined) firstOfTool.set(row.tool.id, index);
    else sums[first]! += row.quantity;
  });

  const results: CartAddition[] = [];
  const added = new Map<string, number>();
  for (const [index, row] of rows.entries()) {
    const { tool } = row;
    const base: CartAddition = {
      index,
      sku: tool?.sku ?? row.sku,
      toolId: tool?.id ?? null,
      name: tool?.name ?? row.name,
      quantity: sums[index]!,
      status: 'ok',
      code: null,
      message: null,
      nearest: [],
      cartQuantity: null,
      mergedInto: null,
      priceChange: priceChangeOf(row),
    };
    const first = tool && firstOfTool.get(tool.id);
    if (tool && first !== index) {
      const into = results[first!]!;
      results.push({
        ...base,
        quantity: row.quantity,
        status: 'merged',
        message: `Merged with the earlier ${into.sku ?? into.name} row: ${into.quantity} in all`,
        mergedInto: first!,
        cartQuantity: into.cartQuantity,
      });
      continue;
    }
    if (!tool || tool.isArchived) {
      const why = row.missing ?? { code: 'not-found', message: 'This tool is no longer in the shop' };
      results.push({ ...base, status: 'refused', ...why });
      continue;
    }
    const inCart = held.get(tool.id) ?? 0;
    const endsWith = inCart + base.quantity;
    const refusal = refuseLine(tool, endsWith, inCart === 0 && held.size >= MAX_CART_LINES);
    if (refusal) {
      // What to add instead: the valid quantities the line could end with, less what it holds.
      const nearest = refusal.nearest.map((valid) => valid - inCart).filter((add) => add > 0);
      results.push({
        ...base,
        status: 'refused',
        code: refusal.code,
        message: additionRefusalMessage(tool, refusal, { inCart, endsWith, nearest }),
        nearest,
        cartQuantity: inCart,
      });
      continue;
    }
    held.set(tool.id, endsWith);
    added.set(tool.id, endsWith);
    results.push({ ...base, cartQuantity: endsWith });
  }
  if (apply) await upsertCartLines(tx, userId, added);
  // A merged row shares its first row's fate.
  return results.map((result) =>
    result.status === 'merged' && results[result.mergedInto!]!.status === 'refused'
      ? { ...result, status: 'refused', code: 'merged', message: `${result.message}, refused with it` }
      : result,
  );
}

/** Ordering again: the unit price then and now at the row's quantity, when they differ. */
function priceChangeOf(row: WantedRow): CartAddition['priceChange'] {
  if (row.wasUnitPriceCents === undefined || !row.tool || row.tool.isArchived) return null;
  const now = priceLine(row.tool, row.quantity).unitPriceCents;
  return now === row.wasUnitPriceCents
    ? null
    : { was: centsToDollars(row.wasUnitPriceCents), now: centsToDollars(now) };
}

/**
 * A refused row's reason in the row's own terms: the rule, with the tool's figure, and what to
 * add instead. A row for a tool already in the cart says what the line would hold.
 */
function additionRefusalMessage(
  tool: ToolForOrder,
  refusal: LineRefusal,
  { inCart, endsWith, nearest }: { inCart: number; endsWith: number; nearest: number[] },
): string {
  const reasons: Record<string, string> = {
    'below-minimum-quantity': `The minimum order is ${formatCount(tool.minOrderQuantity)}`,
    'insufficient-stock': `Only ${formatCount(tool.availableQuantity)} in stock`,
    'above-maximum-quantity': `At most ${formatCount(tool.maxOrderQuantity ?? 0)} per order`,
    'not-a-pack-multiple': `Sold in packs of ${formatCount(tool.packSize)}`,
  };
  const reason = reasons[refusal.code] ?? refusal.message;
  const held =
    inCart > 0
      ? `Your cart holds ${formatCount(inCart)}, so the line would hold ${formatCount(endsWith)}. `
      : '';
  const instead =
    nearest.length > 0
      ? `: ${inCart > 0 ? 'add' : 'order'} ${nearest.map(formatCount).join(' or ')} instead`
      : '';
  return `${held}${reason}${instead}`;
}
