import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, check } from 'drizzle-orm/pg-core';
import { users } from '../../accounts';
import { orders } from './orders.table';

/**
 * Every change of an order, one row each, written in the same transaction as the change
 * (order-events.ts; the function `place_order`, ordering/sql/place-order.sql, writes 'placed' itself). An order goes through each kind at
 * most once, and the unique index makes a second write of one fail rather than pass unseen.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Who made the change: the customer, an admin, or null for the shop itself (expiry, a late payment's refund). */
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What the event carries: carrier and tracking number, the refund's id. */
    details: jsonb('details').$type<Record<string, string>>(),
    // The clock when written, not the transaction's start: events of one order sort as they happened.
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (table) => [
    check(
      'order_events_kind_known',
      sql`${table.kind} IN ('placed', 'payment-started', 'paid', 'shipped', 'cancelled-by-customer', 'cancelled-by-admin', 'refunded', 'expired', 'approval-requested', 'approved', 'approval-declined')`,
    ),
    uniqueIndex('order_events_order_id_kind_idx').on(table.orderId, table.kind),
    index('order_events_order_id_created_at_idx').on(table.orderId, table.createdAt),
  ],
);
