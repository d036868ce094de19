import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  uniqueIndex,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { toolCategories } from '@shop/shared/categories';
import type { PriceBreak } from '@shop/shared/pricing';

/** PostgreSQL's text-search document type, which Drizzle has no column builder for. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The tools (docs/behaviour.md §3.1). Written by the catalogue's services, and in SQL by:
 * - the trigger `tools_search_vector` (catalogue/sql/tools-search-vector.sql): `search_vector`;
 * - the function `place_order` (ordering/sql/place-order.sql): takes an order's stock from
 *   `available_quantity` in its guarded update.
 */
export const tools = pgTable(
  'tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /**
     * The part number buyers order by, unique whatever its case (docs/behaviour.md §3.14). A tool
     * added without one, by an admin or by SQL, gets 'BW-' and ten random hex digits.
     */
    sku: text('sku')
      .notNull()
      .default(sql`'BW-' || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 10))`),
    imageUrl: text('image_url').notNull(),
    availableQuantity: integer('available_quantity').notNull(),
    minOrderQuantity: integer('min_order_quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    description: text('description').notNull(),
    // One of toolCategories (packages/shared/src/categories.ts), or null: uncategorised, a tool
    // added without one, as the spec's clients add them (docs/behaviour.md §3.2).
    category: text('category', { enum: toolCategories }),
    // Trade pricing (docs/behaviour.md §3.7). The ladder lives on the tool's row, so the order's
    // guarded update reads base price, rungs and ship price from one row version (place_order).
    packSize: integer('pack_size').notNull().default(1),
    maxOrderQuantity: integer('max_order_quantity'),
    shipPriceCents: integer('ship_price_cents').notNull().default(2500),
    priceBreaks: jsonb('price_breaks').$type<PriceBreak[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null: the default, twice the minimum order quantity (docs/behaviour.md §3.13). */
    lowStockThreshold: integer('low_stock_threshold'),
    /** Set when a tool that orders name is deleted: out of the shop, kept for its orders (§3.12). */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /**
     * What a search looks in (docs/behaviour.md §3.4): name and description, English stemming
     * ('brushes' finds 'brush'). Kept by the database, so a search never computes it per row;
     * never read into the app (search-tools.ts selects the other columns). A trigger
     * (`tools_search_vector`, migration 0019) computes it when a tool is added or its name or
     * description is written; not a generated column, which PostgreSQL recomputes on every
     * update, every order's stock decrement included (that was a third of an order's cost).
     * The default is never kept: the trigger replaces it before the row is written.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .default(sql`''::tsvector`),
  },
  (table) => [
    // The database itself refuses an oversold stock, whatever the code above it does.
    check('tools_available_quantity_non_negative', sql`${table.availableQuantity} >= 0`),
    check('tools_min_order_quantity_positive', sql`${table.minOrderQuantity} >= 1`),
    check('tools_unit_price_positive', sql`${table.unitPriceCents} > 0`),
    check('tools_low_stock_threshold_non_negative', sql`${table.lowStockThreshold} >= 0`),
    check('tools_pack_size_positive', sql`${table.packSize} >= 1`),
    check('tools_min_order_whole_packs', sql`${table.minOrderQuantity} % ${table.packSize} = 0`),
    check(
      'tools_max_order_not_below_min',
      sql`${table.maxOrderQuantity} IS NULL OR ${table.maxOrderQuantity} >= ${table.minOrderQuantity}`,
    ),
    check('tools_ship_price_non_negative', sql`${table.shipPriceCents} >= 0`),
    check('tools_price_breaks_array', sql`jsonb_typeof(${table.priceBreaks}) = 'array'`),
    index('tools_created_at_idx').on(table.createdAt),
    check(
      'tools_category_known',
      sql`${table.category} IN (${sql.raw(toolCategories.map((slug) => `'${slug}'`).join(', '))})`,
    ),
    index('tools_search_idx').using('gin', table.searchVector),
    // One tool per SKU, whatever its case; text_pattern_ops also serves a search by its start.
    uniqueIndex('tools_sku_lower_idx').on(sql`lower(${table.sku}) text_pattern_ops`),
  ],
);
