import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ShippingAddress } from '@shop/shared/contracts/addresses';
import { INVOICE_PAYMENT_METHODS, INVOICE_STATES } from '@shop/shared/contracts/invoices';
import { users } from '../accounts';
import { companies } from '../companies';
import { orders } from '../ordering';

/**
 * The last invoice number of each year (docs/behaviour.md §5.23). Issuing an invoice raises its
 * year's row in the issuing transaction: concurrent checkouts wait for each other on the row, and
 * a checkout that rolls back takes its number back with it, so the numbers have no gaps (a
 * sequence would leave one at every rollback).
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/** Who an invoice is addressed to, copied from the company when issued. */
export interface BillTo {
  name: string;
  taxNumber: string;
  address: ShippingAddress;
}

/**
 * Invoices on terms (docs/behaviour.md §5.23): one per order paid by invoice. Its lines, shipping
 * and tax are the order's, frozen when it was placed; what the invoice freezes itself is its
 * number, the terms and due date, the company it bills and where it was e-mailed. `paid_cents`
 * is the sum of its payments (invoice_payments), kept with them in one transaction.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    // Kept when the company goes: the invoice bills `bill_to`, its own copy.
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    billTo: jsonb('bill_to').$type<BillTo>().notNull(),
    invoiceEmail: text('invoice_email').notNull(),
    poNumber: text('po_number'),
    termsDays: integer('terms_days').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    dueOn: date('due_on').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    state: text('state', { enum: INVOICE_STATES }).notNull().default('open'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    issuedBy: text('issued_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    unique('invoices_year_sequence').on(table.year, table.sequence),
    check('invoices_state_known', sql`${table.state} IN ('open', 'paid', 'void')`),
    check('invoices_total_positive', sql`${table.totalCents} > 0`),
    check(
      'invoices_paid_within_total',
      sql`${table.paidCents} >= 0 AND ${table.paidCents} <= ${table.totalCents}`,
    ),
    check(
      'invoices_paid_when_settled',
      sql`${table.state} = 'void' OR (${table.state} = 'paid') = (${table.paidCents} = ${table.totalCents})`,
    ),
    check('invoices_void_has_time', sql`(${table.state} = 'void') = (${table.voidedAt} IS NOT NULL)`),
    index('invoices_company_id_issued_at_idx').on(table.companyId, table.issuedAt),
    // The credit check and the reminders read open invoices only.
    index('invoices_open_due_on_idx')
      .on(table.companyId, table.dueOn)
      .where(sql`${table.state} = 'open'`),
  ],
);

/**
 * Money received against an invoice: recorded by a shop admin, all of it or a part, or paid by
 * card by one of the company's admins (`intent_id`: the processor's payment, which pays once).
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: text('method', { enum: INVOICE_PAYMENT_METHODS }).notNull(),
    reference: text('reference'),
    receivedOn: date('received_on').notNull(),
    recordedBy: text('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    intentId: text('intent_id').unique(),
  },
  (table) => [
    check('invoice_payments_amount_positive', sql`${table.amountCents} > 0`),
    check('invoice_payments_intent_is_card', sql`${table.intentId} IS NULL OR ${table.method} = 'card'`),
    check(
      'invoice_payments_method_known',
      sql`${table.method} IN ('bank-transfer', 'cheque', 'card', 'other')`,
    ),
    index('invoice_payments_invoice_id_idx').on(table.invoiceId),
  ],
);

/**
 * The card payments the shop started for an invoice (POST /invoice/{id}/card-intent): only an
 * intent listed here pays the invoice, whatever an intent's metadata claims (as
 * order_payment_intents for orders). One per balance: a part payment in between makes a new one.
 */
export const invoiceCardIntents = pgTable(
  'invoice_card_intents',
  {
    intentId: text('intent_id').primaryKey(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    startedBy: text('started_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('invoice_card_intents_invoice_id_idx').on(table.invoiceId)],
);
