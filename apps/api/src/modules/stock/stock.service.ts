import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { tools } from '../tools/tools.table';

/**
 * The owner of a tool's stock after the tool is added: units are taken only by the guarded
 * decrement of the database function `place_order` (drizzle/0004_place_order.sql: of two orders
 * racing for the last units, one gets none) and given back only here, so the rule "never
 * oversold, released exactly once" lives in these two places.
 */

/** Gives units back (a cancelled order). A tool deleted since has no stock to return to. */
export async function releaseStock(tx: DbExecutor, toolId: string | null, quantity: number): Promise<void> {
  if (!toolId) return;
  await tx
    .update(tools)
    .set({ availableQuantity: sql`${tools.availableQuantity} + ${quantity}` })
    .where(eq(tools.id, toolId));
}
