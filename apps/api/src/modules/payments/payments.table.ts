import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../ordering';

/**
 * Each successful payment, once. A unique order and a unique intent: one payment can never pay
 * two orders, and no order is paid twice. Written in the same transaction that marks the order
 * paid (settle-payment.ts).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    intentId: text('intent_id').notNull().unique(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('payments_amount_positive', sql`${table.amountCents} > 0`)],
);

/** The one payment intent of an order, so that a retry answers the same client secret. */
export const orderPaymentIntents = pgTable('order_payment_intents', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  intentId: text('intent_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The demo card processor's own records, as Stripe keeps its payment intents: the shop reads
 * them only through the provider interface. `orderId` is the intent's metadata, not a foreign
 * key, as it would be at an outside processor.
 */
export const demoPaymentIntents = pgTable(
  'demo_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull().unique(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    orderId: text('order_id').notNull(),
    // Set when the intent pays an invoice of that order rather than the order itself.
    invoiceId: text('invoice_id'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: ['requires_payment_method', 'succeeded', 'canceled'] }).notNull(),
    // The demo processor's refund of this payment: one per intent, so refunding twice refunds once.
    refundId: text('refund_id'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('demo_payment_intents_amount_positive', sql`${table.amountCents} > 0`)],
);

/** Stripe webhook events already processed: each event id is handled once. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
