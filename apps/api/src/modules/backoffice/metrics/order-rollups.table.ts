import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/**
 * The dashboard's daily roll-up of the orders (docs/behaviour.md §8.2, decision 0046): what the
 * owner's figures sum, so that a period costs the same at a thousand orders or a million.
 *
 * Written only by the database: triggers on `orders` and `order_lines`
 * (backoffice/metrics/sql/order-rollups.sql) add a row of differences for every statement that
 * changes a figure, and never update one, so no two checkouts wait for each other on a shared
 * row. `fold_order_rollups()` (a job, every minute) merges each day's rows into one; until then
 * a day may have several, and every read sums them. A row is `folded` once merged.
 */
const rollupColumns = {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  day: date('day', { mode: 'string' }).notNull(),
  folded: boolean('folded').notNull().default(false),
};

/** Sales by the UTC day they were paid: orders in `paid` or `shipped`, as `isSaleSql` says. */
export const salesByDay = pgTable(
  'sales_by_day',
  {
    ...rollupColumns,
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull(),
    paidOrders: integer('paid_orders').notNull(),
    // Of those, orders above their tool's minimum when ordered.
    aboveMinimum: integer('above_minimum').notNull(),
  },
  (table) => [
    index('sales_by_day_day_idx').on(table.day),
    index('sales_by_day_unfolded_idx')
      .on(table.day)
      .where(sql`NOT ${table.folded}`),
  ],
);

/** Orders by the UTC day they were placed and the state they are in now, with their value. */
export const ordersPlacedByDay = pgTable(
  'orders_placed_by_day',
  {
    ...rollupColumns,
    state: text('state').notNull(),
    orders: integer('orders').notNull(),
    valueCents: bigint('value_cents', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('orders_placed_by_day_day_idx').on(table.day),
    index('orders_placed_by_day_unfolded_idx')
      .on(table.day)
      .where(sql`NOT ${table.folded}`),
  ],
);

/**
 * Units sold per tool by the UTC day they were paid, from the sales' lines. A line whose tool is
 * gone counts under the name it was ordered by (`orphanName`, set only when `toolId` is null).
 */
export const unitsSoldByDay = pgTable(
  'units_sold_by_day',
  {
    ...rollupColumns,
    toolId: uuid('tool_id'),
    orphanName: text('orphan_name'),
    units: bigint('units', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('units_sold_by_day_day_idx').on(table.day),
    index('units_sold_by_day_unfolded_idx')
      .on(table.day)
      .where(sql`NOT ${table.folded}`),
  ],
);
