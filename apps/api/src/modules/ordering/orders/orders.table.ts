import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ShippingAddress } from '@shop/shared/contracts/addresses';
import { APPROVAL_STATES, ORDER_STATES } from '@shop/shared/order-states';
import { tools } from '../../catalogue';
import { users } from '../../accounts';
import { companies } from '../../companies';

/**
 * The orders (docs/behaviour.md §5.1). Written by ordering's services, and in SQL by:
 * - the function `place_order` (ordering/sql/place-order.sql): inserts every order;
 * - the trigger `orders_record_min_order_quantity` (ordering/sql/record-order-min-quantity.sql):
 *   `min_order_quantity` on insert.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The tool of a one-line order; null for an order of several lines (order_lines holds them
    // all, this one too). RESTRICT: a tool an order names is archived, never deleted (docs/behaviour.md §3.12); the
    // catalogue learns which from this key refusing the delete (archive-tool.ts).
    toolId: uuid('tool_id').references(() => tools.id, { onDelete: 'restrict' }),
    // The tool's name, or for several lines a summary: 'Angled Sash Brush and 4 more'.
    toolName: text('tool_name').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    customerName: text('customer_name').notNull(),
    email: text('email').notNull(),
    phoneNumber: text('phone_number').notNull(),
    address: text('address').notNull(),
    // Units in all: the one line's quantity, or the lines' sum.
    quantity: integer('quantity').notNull(),
    // The unit price of the rung the quantity reached, when ordered (docs/behaviour.md §3.7); null
    // for several lines, each of which has its own (order_lines).
    unitPriceCents: integer('unit_price_cents'),
    itemsTotalCents: bigint('items_total_cents', { mode: 'number' }).notNull(),
    shippingCents: integer('shipping_cents').notNull().default(0),
    // The tax frozen on the order: the sum of its tax lines (order_tax_lines, docs/behaviour.md §5.22).
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    // What the customer pays: items, shipping and tax (decision 0025). Payments charge exactly this.
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    // The tool's minimum order quantity when ordered, filled by the database on insert (trigger
    // orders_record_min_order_quantity): the dashboard's 'above the minimum' share must not move
    // when the owner edits a minimum later (docs/behaviour.md §8.2). Null: the tool was gone.
    minOrderQuantity: integer('min_order_quantity'),
    paid: boolean('paid').notNull().default(false),
    transactionId: text('transaction_id').unique(),
    ship: boolean('ship').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    // The lifecycle (docs/behaviour.md §5.5): `paid` and `ship` say whether the money came and
    // the goods left; `state` says where the order is now. Only order-transitions.ts changes it.
    state: text('state', { enum: ORDER_STATES }).notNull().default('unpaid'),
    // Given by the admin when shipping, both optional (§5.9).
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    // Set by the one guarded update that gives the units back: stock returns once per order.
    stockReleasedAt: timestamp('stock_released_at', { withTimezone: true }),
    refundId: text('refund_id'),
    // Checkout (docs/behaviour.md §5.18): how many lines, the buyer's purchase order number and
    // note, the address as it was when ordered (a copy: editing the book changes no order), and
    // the idempotency key that made it (a retried checkout finds this order instead of another).
    lineCount: integer('line_count').notNull().default(1),
    poNumber: text('po_number'),
    note: text('note'),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>(),
    checkoutKey: text('checkout_key'),
    // Trade accounts (docs/behaviour.md §5.21): the company whose member placed it, kept when the
    // member leaves; and, for a buyer's order over their limit, its approval (null: none needed).
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    approvalState: text('approval_state', { enum: APPROVAL_STATES }),
    approvalReason: text('approval_reason'),
    approvalDecidedBy: text('approval_decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('orders_quantity_positive', sql`${table.quantity} > 0`),
    // One line: items = quantity x unit price; several: the lines' sum, checked on order_lines.
    check(
      'orders_items_total_matches',
      sql`${table.unitPriceCents} IS NULL OR ${table.itemsTotalCents} = ${table.quantity}::bigint * ${table.unitPriceCents}`,
    ),
    check(
      'orders_approval_state_known',
      sql`${table.approvalState} IS NULL OR ${table.approvalState} IN ('awaiting', 'approved', 'declined')`,
    ),
    // Only an order that needs no approval, or was approved, is ever paid.
    check(
      'orders_paid_only_when_approved',
      sql`NOT ${table.paid} OR ${table.approvalState} IS NULL OR ${table.approvalState} = 'approved'`,
    ),
    check('orders_line_count_positive', sql`${table.lineCount} >= 1`),
    check(
      'orders_price_is_items_shipping_and_tax',
      sql`${table.priceCents} = ${table.itemsTotalCents} + ${table.shippingCents} + ${table.taxCents}`,
    ),
    check('orders_tax_non_negative', sql`${table.taxCents} >= 0`),
    check('orders_shipping_non_negative', sql`${table.shippingCents} >= 0`),
    check('orders_ship_only_when_paid', sql`NOT ${table.ship} OR ${table.paid}`),
    check(
      'orders_state_known',
      sql`${table.state} IN ('unpaid', 'paid', 'shipped', 'cancelled', 'expired', 'refunding', 'refunded')`,
    ),
    // The booleans the spec's screens read always agree with the state.
    check(
      'orders_paid_matches_state',
      sql`${table.paid} = (${table.state} IN ('paid', 'shipped', 'refunding', 'refunded'))`,
    ),
    check('orders_ship_matches_state', sql`${table.ship} = (${table.state} = 'shipped')`),
    index('orders_user_id_idx').on(table.userId),
    index('orders_company_id_created_at_idx')
      .on(table.companyId, table.createdAt)
      .where(sql`${table.companyId} IS NOT NULL`),
    uniqueIndex('orders_user_id_checkout_key_idx').on(table.userId, table.checkoutKey),
    // place_order counts the customer's unpaid orders (§5.5) under their lock: from this index it
    // reads those few, not every order the customer ever placed.
    index('orders_unpaid_user_id_idx')
      .on(table.userId)
      .where(sql`${table.state} = 'unpaid'`),
    // Expiry looks for the oldest unpaid orders only.
    index('orders_unpaid_created_at_idx')
      .on(table.createdAt)
      .where(sql`${table.state} = 'unpaid'`),
    // Total Orders' search by part of a customer's name or e-mail (docs/behaviour.md §5.15):
    // trigram indexes (pg_trgm, created by migration 0037), so a rare name is found without
    // reading every order.
    index('orders_customer_name_trgm_idx').using('gin', table.customerName.op('gin_trgm_ops')),
    index('orders_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')),
    // Its state filter, newest first: a rare state is found without walking every newer order.
    index('orders_state_created_at_idx').on(table.state, table.createdAt, table.id),
    // Lists page by created_at. Migration 0017 adds INCLUDE (state, price_cents), which
    // drizzle cannot declare: the dashboard's orders-by-state reads the index alone (§8.2).
    index('orders_created_at_idx').on(table.createdAt),
    // The dashboard's sales figures read sales by when they were paid (§8.2). Partial, so that
    // placing an (unpaid) order does not touch it; migration 0017 adds INCLUDE (every column
    // the sales figures read) so that 100,000 orders are summed from the index alone.
    index('orders_sales_paid_at_idx')
      .on(table.paidAt)
      .where(sql`${table.state} in ('paid', 'shipped')`),
  ],
);
