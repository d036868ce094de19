import { inArray, sql } from 'drizzle-orm';
import type { OrderRules } from '@shop/shared/order-decision';
import { withContractRate } from '@shop/shared/pricing';
import type { DbExecutor } from '../../../db/client';
import { isUuid } from '../../../lib/ids';
import { membershipOf } from '../../companies';
import { contractRatesOf } from '../prices/contract-prices';
import { tools } from './tools.table';

/** A tool as an order (the cart, checkout) meets it: its rules in cents, and what a line shows. */
export interface ToolForOrder extends OrderRules {
  id: string;
  sku: string;
  name: string;
  img: string;
  /** Archived: out of the shop, not orderable (docs/behaviour.md §3.12). */
  isArchived: boolean;
  /** The list unit price when a contract price replaces it (docs/behaviour.md §3.15); else null. */
  listPriceCents: number | null;
}

/**
 * Whose prices: the user id of the buyer whose company's contract prices apply (§3.15), or null
 * for list prices. Required, so that no reader of prices forgets the buyer's company.
 */
type PricedFor = string | null;

/** The tools with the contract prices of `pricedFor`'s company put in, where it has any. */
async function withContractRates(
  db: DbExecutor,
  found: ToolForOrder[],
  pricedFor: PricedFor,
): Promise<ToolForOrder[]> {
  const membership = pricedFor === null || found.length === 0 ? null : await membershipOf(db, pricedFor);
  if (!membership) return found;
  const rates = await contractRatesOf(
    db,
    membership.companyId,
    found.map((tool) => tool.id),
  );
  return found.map((tool) => {
    const rate = rates.get(tool.id);
    return rate ? { ...withContractRate(tool, rate), listPriceCents: tool.unitPriceCents } : tool;
  });
}

/** The tools named, as they are now, by id; ids that name none (or are no uuid) are left out. */
export async function toolsForOrder(
  db: DbExecutor,
  ids: readonly string[],
  pricedFor: PricedFor,
): Promise<Map<string, ToolForOrder>> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select().from(tools).where(inArray(tools.id, wanted));
  const found = await withContractRates(db, rows.map(toToolForOrder), pricedFor);
  return new Map(found.map((tool) => [tool.id, tool]));
}

/**
 * The tools named, as they are now, by SKU whatever its case (docs/behaviour.md §3.14), keyed
 * by the SKU lower-cased; SKUs that name none are left out.
 */
export async function toolsBySku(
  db: DbExecutor,
  skus: readonly string[],
  pricedFor: PricedFor,
): Promise<Map<string, ToolForOrder>> {
  const wanted = [...new Set(skus.map((sku) => sku.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select()
    .from(tools)
    .where(inArray(sql`lower(${tools.sku})`, wanted));
  const found = await withContractRates(db, rows.map(toToolForOrder), pricedFor);
  return new Map(found.map((tool) => [tool.sku.toLowerCase(), tool]));
}

function toToolForOrder(row: typeof tools.$inferSelect): ToolForOrder {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    img: row.imageUrl,
    isArchived: row.archivedAt !== null,
    listPriceCents: null,
    availableQuantity: row.availableQuantity,
    minOrderQuantity: row.minOrderQuantity,
    packSize: row.packSize,
    maxOrderQuantity: row.maxOrderQuantity,
    unitPriceCents: row.unitPriceCents,
    priceBreaks: row.priceBreaks,
    shipPriceCents: row.shipPriceCents,
  };
}
