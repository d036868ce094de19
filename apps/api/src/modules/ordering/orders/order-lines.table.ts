import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { tools } from '../../catalogue';
import { orders } from './orders.table';

/**
 * The lines of an order, one per tool (docs/behaviour.md §5.1): every order has them, a one-tool
 * order one. Written once, by the function `place_order` (ordering/sql/place-order.sql), with
 * the order; never changed after. The tool's name and the unit price are copies of the moment
 * of ordering.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 1, 2, … in the order the buyer listed them. */
    position: integer('position').notNull(),
    // RESTRICT, as on orders: a tool an order names is archived, never deleted. Null only on
    // lines of orders kept from before archiving, whose tool was deleted then.
    toolId: uuid('tool_id').references(() => tools.id, { onDelete: 'restrict' }),
    toolName: text('tool_name').notNull(),
    /** The tool's SKU when ordered; null on lines of orders placed before SKUs existed. */
    sku: text('sku'),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    lineTotalCents: bigint('line_total_cents', { mode: 'number' }).notNull(),
    /** The tool's minimum order quantity when ordered (the dashboard's 'above the minimum', §8.2). */
    minOrderQuantity: integer('min_order_quantity'),
  },
  (table) => [
    check('order_lines_quantity_positive', sql`${table.quantity} > 0`),
    check(
      'order_lines_total_matches',
      sql`${table.lineTotalCents} = ${table.quantity}::bigint * ${table.unitPriceCents}`,
    ),
    unique('order_lines_order_id_position').on(table.orderId, table.position),
    unique('order_lines_order_id_tool_id').on(table.orderId, table.toolId),
    // Who bought a tool (verified buyers, §7.4) and what sold (the dashboard's top tools, §8.2).
    index('order_lines_tool_id_idx').on(table.toolId),
  ],
);
