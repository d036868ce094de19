import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { ORDER_MAIL_KINDS } from '@shop/shared/contracts/order-mail';

/**
 * The order-mail outbox (docs/decisions/0030-jobs-and-order-mail-outbox.md): one row per order
 * and kind, written in the transaction that changed the order, drained by the `order-mail` job.
 * The row keeps the order as it was at the event (`order_snapshot`, PostgreSQL's `to_jsonb` of
 * the orders row), so the mail says what happened then, even if the row changed or went since.
 * Written by enqueue-order-mail.ts, remind-unpaid-orders.ts, and the trigger
 * `orders_queue_placed_mail` (ordering/sql/queue-placed-mail.sql), which queues every 'placed' mail.
 */
export const orderMailOutbox = pgTable(
  'order_mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // No foreign key: a cancelled or expired order's row is deleted and its mail still goes out.
    orderId: uuid('order_id').notNull(),
    kind: text('kind', { enum: ORDER_MAIL_KINDS }).notNull(),
    orderSnapshot: jsonb('order_snapshot').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    // A claim: until then no other drain takes the row (a drain that died lets go when it passes).
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    // Once per event: a second enqueue of the same order and kind is ignored (ON CONFLICT DO NOTHING).
    unique('order_mail_outbox_order_kind').on(table.orderId, table.kind),
    check('order_mail_outbox_status', sql`${table.status} IN ('pending', 'sent', 'failed')`),
    check(
      'order_mail_outbox_kind',
      sql`${table.kind} IN ('placed', 'paid', 'shipped', 'cancelled', 'refunded', 'expiring-soon', 'expired', 'invoiced', 'invoice-due-soon', 'invoice-overdue')`,
    ),
    // What the drain reads: pending rows in the order it sends them (oldest first), so a claim
    // visits a batch's rows and no more, however many sent rows the table keeps (migration 0020:
    // on next_attempt_at, each claim walked every sent row, and a backlog drained in squared time).
    index('order_mail_outbox_pending_idx')
      .on(table.id)
      .where(sql`${table.status} = 'pending'`),
    // What the owner's dashboard reads: the mail given up on, rare, newest first (§5.13).
    index('order_mail_outbox_failed_idx')
      .on(table.id)
      .where(sql`${table.status} = 'failed'`),
  ],
);
