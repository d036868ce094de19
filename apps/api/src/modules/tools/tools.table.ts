import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const tools = pgTable(
  'tools',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    availableQuantity: integer('available_quantity').notNull(),
    minOrderQuantity: integer('min_order_quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The database itself refuses an oversold stock, whatever the code above it does.
    check('tools_available_quantity_non_negative', sql`${table.availableQuantity} >= 0`),
    check('tools_min_order_quantity_positive', sql`${table.minOrderQuantity} >= 1`),
    check('tools_unit_price_positive', sql`${table.unitPriceCents} > 0`),
    index('tools_created_at_idx').on(table.createdAt),
  ],
);
