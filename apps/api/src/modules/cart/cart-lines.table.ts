import { sql } from 'drizzle-orm';
import { bigserial, check, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts';
import { tools } from '../catalogue';

/**
 * The cart (docs/behaviour.md §5.18): one per account, kept on the server across sign-outs and
 * devices; a line per tool with the quantity wanted. Prices are not kept: they are computed from
 * the tool whenever the cart is read or checked out. A tool deleted for good leaves every cart.
 */
export const cartLines = pgTable(
  'cart_lines',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /** Lines read in the order they were first added: a sequence, as two may share an instant. */
    sequence: bigserial('sequence', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.toolId] }),
    check('cart_lines_quantity_positive', sql`${table.quantity} > 0`),
  ],
);
