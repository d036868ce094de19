import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tools } from '../tools/tools.table';
import { users } from '../../accounts';

/**
 * The stock ledger (docs/behaviour.md §3.11): every change of a tool's `available_quantity` is
 * one row here, written in the same transaction as the change, so that a tool's stock is always
 * the sum of its movements. Written by stock.service.ts, and by the function `place_order`
 * (ordering/sql/place-order.sql), which records each order's reservation.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The ledger goes with a tool deleted for real (one no order ever named).
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    /** The tool's stock right after this movement, read from the same guarded update. */
    stockAfter: integer('stock_after').notNull(),
    /** initial | restock | adjustment | order-reservation | cancellation-release */
    kind: text('kind').notNull(),
    note: text('note'),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    // No foreign key: orders were once deleted when cancelled, and their movements keep naming them.
    orderId: uuid('order_id'),
    // The clock when the row is written (after the tool's row lock), not the transaction's start:
    // movements of one tool sort in the order they happened.
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (table) => [
    check(
      'stock_movements_kind_known',
      sql`${table.kind} IN ('initial', 'restock', 'adjustment', 'order-reservation', 'cancellation-release')`,
    ),
    check('stock_movements_stock_after_non_negative', sql`${table.stockAfter} >= 0`),
    check('stock_movements_delta_non_zero', sql`${table.delta} <> 0 OR ${table.kind} = 'initial'`),
    index('stock_movements_tool_id_created_at_idx').on(table.toolId, table.createdAt),
  ],
);
