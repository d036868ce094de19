import { inArray, sql } from 'drizzle-orm';
import type { OrderRules } from '@shop/shared/order-decision';
import type { DbExecutor } from '../../../db/client';
import { isUuid } from '../../../lib/ids';
import { tools } from './tools.table';

/** A tool as an order (the cart, checkout) meets it: its rules in cents, and what a line shows. */
export interface ToolForOrder extends OrderRules {
  id: string;
  sku: string;
  name: string;
  img: string;
  /** Archived: out of the shop, not orderable (docs/behaviour.md §3.12). */
  isArchived: boolean;
}

/** The tools named, as they are now, by id; ids that name none (or are no uuid) are left out. */
export async function toolsForOrder(
  db: DbExecutor,
  ids: readonly string[],
): Promise<Map<string, ToolForOrder>> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(tools).where(inArray(tools.id, wanted));
  return new Map(rows.map((row) => [row.id, toToolForOrder(row)]));
}

/**
 * The tools named, as they are now, by SKU whatever its case (docs/behaviour.md §3.14), keyed
 * by the SKU lower-cased; SKUs that name none are left out.
 */
export async function toolsBySku(
  db: DbExecutor,
  skus: readonly string[],
): Promise<Map<string, ToolForOrder>> {
  const wanted = [...new Set(skus.map((sku) => sku.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select()
    .from(tools)
    .where(inArray(sql`lower(${tools.sku})`, wanted));
  return new Map(rows.map((row) => [row.sku.toLowerCase(), toToolForOrder(row)]));
}

function toToolForOrder(row: typeof tools.$inferSelect): ToolForOrder {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    img: row.imageUrl,
    isArchived: row.archivedAt !== null,
    availableQuantity: row.availableQuantity,
    minOrderQuantity: row.minOrderQuantity,
    packSize: row.packSize,
    maxOrderQuantity: row.maxOrderQuantity,
    unitPriceCents: row.unitPriceCents,
    priceBreaks: row.priceBreaks,
    shipPriceCents: row.shipPriceCents,
  };
}
