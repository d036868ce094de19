import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tools } from '../catalogue';
import { users } from '../accounts';

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Demo reviews have no author account.
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    // The tool the review is about; null for a general review of the shop (docs/behaviour.md §7).
    // A tool is only ever destroyed when no order names it; its reviews then become general ones.
    toolId: uuid('tool_id').references(() => tools.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    rating: smallint('rating').notNull(),
    review: text('review').notNull(),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // The author's last edit, if any.
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    // Hidden by an admin: out of every public list, still the author's (docs/behaviour.md §7.5).
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenBy: text('hidden_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('reviews_rating_range', sql`${table.rating} BETWEEN 1 AND 5`),
    check('reviews_hidden_with_reason', sql`(${table.hiddenAt} IS NULL) = (${table.hiddenReason} IS NULL)`),
    index('reviews_created_at_idx').on(table.createdAt),
    // One review per customer per tool. NULLs are distinct in a unique constraint, so general
    // reviews (no tool) and demo reviews (no author) are not limited by it.
    unique('reviews_one_per_customer_and_tool').on(table.userId, table.toolId),
  ],
);
