import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { CartAddition } from '@shop/shared/contracts/cart';
import { users } from '../accounts';

/**
 * What each keyed addition to a cart answered (docs/behaviour.md §5.19): a quick-add, a reorder
 * or a list added with an Idempotency-Key is written here in the same transaction as its lines,
 * so the same key again finds it and answers it instead of adding twice. Kept a day.
 */
export const cartAdditions = pgTable(
  'cart_additions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What was asked (the route and its rows or id), hashed: the same key for another ask is a 409. */
    requestDigest: text('request_digest').notNull(),
    results: jsonb('results').$type<CartAddition[]>().notNull(),
    addedCount: integer('added_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.idempotencyKey] })],
);
