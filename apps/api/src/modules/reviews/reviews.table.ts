import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table';

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Demo reviews have no author account.
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    rating: smallint('rating').notNull(),
    review: text('review').notNull(),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('reviews_rating_range', sql`${table.rating} BETWEEN 1 AND 5`),
    index('reviews_created_at_idx').on(table.createdAt),
  ],
);
