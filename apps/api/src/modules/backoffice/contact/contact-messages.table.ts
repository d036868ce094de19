import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Messages sent with the 'Stay connected' form (docs/behaviour.md §8.5). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    state: text('state', { enum: ['unread', 'read', 'archived'] })
      .notNull()
      .default('unread'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('contact_messages_state', sql`${table.state} IN ('unread', 'read', 'archived')`),
    // Newest first, paged by (created_at, id): within one state, and across all (the 'inbox' filter).
    index('contact_messages_state_created_idx').on(table.state, table.createdAt.desc(), table.id.desc()),
    index('contact_messages_created_idx').on(table.createdAt.desc(), table.id.desc()),
  ],
);
