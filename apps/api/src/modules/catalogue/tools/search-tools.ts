import { and, eq, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { dollarsToCents } from '@shop/shared/money';
import type { Tool, ToolListQuery, ToolSort } from '@shop/shared/contracts/tools';
import { SKU_PATTERN } from '@shop/shared/sku';
import type { Database } from '../../../db/client';
import {
  afterCursor,
  orderByKeyset,
  pageLimit,
  pageOf,
  timestampKey,
  type KeysetOrder,
} from '../../../lib/keyset';
import { pictureOfTool, toolSelection, toToolDto } from './tool-dto';
import { uploads } from '../uploads/uploads.table';
import { tools } from './tools.table';

/** Each sort of docs/behaviour.md §3.4 as a keyset order: its key, then the id, one direction. */
const orders: Record<ToolSort, KeysetOrder> = {
  oldest: timestampKey('oldest', tools.createdAt, tools.id, 'uuid', 'asc'),
  newest: timestampKey('newest', tools.createdAt, tools.id, 'uuid', 'desc'),
  'price-asc': priceOrder('price-asc', 'asc'),
  'price-desc': priceOrder('price-desc', 'desc'),
  // Lower-cased and compared byte by byte (C collation), so PGlite and PostgreSQL, whatever
  // their locale, give the same order.
  name: {
    name: 'name',
    key: sql`lower(${tools.name}) collate "C"`,
    keyText: sql<string>`lower(${tools.name})`,
    fromText: (text) => sql`${text}::text collate "C"`,
    isValidText: (text) => text.length <= 200,
    id: tools.id,
    idKind: 'uuid',
    direction: 'asc',
  },
};

function priceOrder(name: string, direction: 'asc' | 'desc'): KeysetOrder {
  return {
    name,
    key: sql`${tools.unitPriceCents}`,
    keyText: sql<string>`${tools.unitPriceCents}::text`,
    fromText: (text) => sql`${Number(text)}::integer`,
    // Up to PostgreSQL's integer, the column's type.
    isValidText: (text) => /^\d{1,10}$/.test(text) && Number(text) <= 2_147_483_647,
    id: tools.id,
    idKind: 'uuid',
    direction,
  };
}

/**
 * The words of a search as a prefix query: 'bru wal' finds tools whose text has a word starting
 * with 'bru' and one starting with 'wal'. Only letters and digits reach the query, so nothing a
 * visitor types is read as query syntax.
 */
function searchTerms(q: string): string | undefined {
  const words =
    q
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 10) ?? [];
  return words.length === 0 ? undefined : words.map((word) => `${word}:*`).join(' & ');
}

/**
 * The tools a visitor may see: every list of the catalogue starts here. Archived tools stay for
 * their orders but leave the shop (docs/behaviour.md §3.12).
 */
export function listedTools(): SQL[] {
  return [isNull(tools.archivedAt)];
}

/**
 * A search that could be the start of a SKU also finds the tools whose SKU starts with it,
 * whatever its case: 'br-2' finds BR-25 (§3.14). SKUs hold no LIKE wildcards, so none reach it.
 */
function skuStartMatch(q: string): SQL | undefined {
  const start = q.trim().toLowerCase();
  return SKU_PATTERN.test(start) ? sql`lower(${tools.sku}) like ${`${start}%`}` : undefined;
}

function filtersOf(query: ToolListQuery): SQL[] {
  const conditions = listedTools();
  const terms = query.q === undefined ? undefined : searchTerms(query.q);
  if (terms) {
    const words = sql`${tools.searchVector} @@ to_tsquery('english', ${terms})`;
    conditions.push(or(words, skuStartMatch(query.q!))!);
  }
  if (query.category) conditions.push(eq(tools.category, query.category));
  // In stock: a customer can order it now, at least its minimum quantity.
  if (query.inStock === 'true') conditions.push(gte(tools.availableQuantity, tools.minOrderQuantity));
  if (query.minPrice !== undefined)
    conditions.push(gte(tools.unitPriceCents, dollarsToCents(query.minPrice)));
  if (query.maxPrice !== undefined)
    conditions.push(lte(tools.unitPriceCents, dollarsToCents(query.maxPrice)));
  return conditions;
}

/** One page of the catalogue, searched, filtered and sorted (docs/behaviour.md §3.4). */
export async function searchTools(
  db: Database,
  query: ToolListQuery,
): Promise<{ tools: Tool[]; nextCursor: string | null }> {
  const order = orders[query.sort ?? 'oldest'];
  const limit = pageLimit(query.limit);
  const after = afterCursor(order, query.cursor);
  const rows = await db
    .select({ ...toolSelection, keyText: order.keyText, id: tools.id })
    .from(tools)
    .leftJoin(uploads, pictureOfTool)
    .where(and(...filtersOf(query), after))
    .orderBy(...orderByKeyset(order))
    .limit(limit + 1);
  const page = pageOf(order, rows, limit);
  return { tools: page.rows.map(toToolDto), nextCursor: page.nextCursor };
}
