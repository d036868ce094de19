import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { stockMovements } from '../../src/modules/catalogue/stock/stock-movements.table';
import { tools } from '../../src/modules/catalogue/tools/tools.table';

/** The tool's stock as stored, and the sum of its ledger (docs/behaviour.md §3.11). */
export async function stockAndLedger(db: Database, toolId: string) {
  const [tool] = await db.select({ stock: tools.availableQuantity }).from(tools).where(eq(tools.id, toolId));
  const [ledger] = await db
    .select({
      sum: sql<number>`coalesce(sum(${stockMovements.delta}), 0)::int`,
      count: sql<number>`count(*)::int`,
    })
    .from(stockMovements)
    .where(eq(stockMovements.toolId, toolId));
  return { stock: tool?.stock, ledgerSum: ledger!.sum, movements: ledger!.count };
}

/** The stored minimum of `stock_after` over the ledger: never below zero. */
export async function lowestStockAfter(db: Database, toolId: string): Promise<number> {
  const [row] = await db
    .select({ min: sql<number>`min(${stockMovements.stockAfter})::int` })
    .from(stockMovements)
    .where(eq(stockMovements.toolId, toolId));
  return row!.min;
}
