import { and, eq, gte, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { tools } from '../tools/tools.table';

/**
 * The one owner of a tool's stock: every change of `available_quantity` after the tool is added
 * goes through here, so the rule "never oversold, released exactly once" lives in one file.
 */

/**
 * Takes `quantity` units of a tool, only while that many remain at this instant (the guarded
 * decrement: of two orders racing for the last units, one gets none). Answers the tool's name
 * and unit price as they are at reservation, or null when the stock is short or the tool gone.
 */
export async function reserveStock(
  tx: DbExecutor,
  toolId: string,
  quantity: number,
): Promise<{ name: string; unitPriceCents: number } | null> {
  const [reserved] = await tx
    .update(tools)
    .set({ availableQuantity: sql`${tools.availableQuantity} - ${quantity}` })
    .where(and(eq(tools.id, toolId), gte(tools.availableQuantity, quantity)))
    .returning({ name: tools.name, unitPriceCents: tools.unitPriceCents });
  return reserved ?? null;
}

/** Gives units back (a cancelled order). A tool deleted since has no stock to return to. */
export async function releaseStock(tx: DbExecutor, toolId: string | null, quantity: number): Promise<void> {
  if (!toolId) return;
  await tx
    .update(tools)
    .set({ availableQuantity: sql`${tools.availableQuantity} + ${quantity}` })
    .where(eq(tools.id, toolId));
}
