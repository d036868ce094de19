import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts';
import { tools } from '../catalogue';

/**
 * A buyer's saved lists (docs/behaviour.md §5.20): named sets of tools and quantities ('Crew van
 * restock') to add to the cart in one go. Names are unique per account whatever their case.
 */
export const savedLists = pgTable(
  'saved_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('saved_lists_user_name_idx').on(table.userId, sql`lower(${table.name})`)],
);

/**
 * A list's lines, a tool each, in the order kept. A tool deleted for good leaves every list; an
 * archived one stays, shown as gone and skipped when the list goes to the cart.
 */
export const savedListLines = pgTable(
  'saved_list_lines',
  {
    listId: uuid('list_id')
      .notNull()
      .references(() => savedLists.id, { onDelete: 'cascade' }),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.listId, table.toolId] }),
    check('saved_list_lines_quantity_positive', sql`${table.quantity} > 0`),
  ],
);
