import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { QUOTE_STATES } from '@shop/shared/contracts/quotes';
import { users } from '../accounts';
import { tools } from '../catalogue';
import { companies } from '../companies';
import { orders } from '../ordering';

/**
 * Quotes (docs/behaviour.md §5.24): a buyer's request on their cart's lines, the shop's prices
 * and expiry date, and the order its acceptance placed. `order_id` is set once, by the one
 * acceptance the quote's row lock lets through.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The readable number's digits (Q-2026-00012): gaps do not matter for a quote.
    sequence: bigserial('sequence', { mode: 'number' }).notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    state: text('state', { enum: QUOTE_STATES }).notNull().default('requested'),
    note: text('note'),
    message: text('message'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentBy: text('sent_by').references(() => users.id, { onDelete: 'set null' }),
    expiresOn: date('expires_on'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    orderId: uuid('order_id')
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
  },
  (table) => [
    check('quotes_state_known', sql`${table.state} IN ('requested', 'sent', 'accepted')`),
    check('quotes_sent_has_expiry', sql`(${table.state} = 'requested') = (${table.expiresOn} IS NULL)`),
    check('quotes_accepted_has_order', sql`(${table.state} = 'accepted') = (${table.orderId} IS NOT NULL)`),
    index('quotes_user_id_idx').on(table.userId, table.requestedAt),
    index('quotes_requested_at_idx').on(table.requestedAt),
  ],
);

/**
 * A quote's lines, as the cart held them when asked: the tool (named and numbered as then), the
 * quantity, what the buyer would have paid per unit, and the shop's price once sent. Quoted prices
 * never follow the catalogue: the order is placed at these.
 */
export const quoteLines = pgTable(
  'quote_lines',
  {
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    // RESTRICT: a tool a quote names is archived, never deleted, as for orders.
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'restrict' }),
    toolName: text('tool_name').notNull(),
    sku: text('sku'),
    quantity: integer('quantity').notNull(),
    listUnitPriceCents: integer('list_unit_price_cents').notNull(),
    quotedUnitPriceCents: integer('quoted_unit_price_cents'),
  },
  (table) => [
    primaryKey({ columns: [table.quoteId, table.position] }),
    unique('quote_lines_quote_tool').on(table.quoteId, table.toolId),
    check('quote_lines_quantity_positive', sql`${table.quantity} > 0`),
    check('quote_lines_quoted_positive', sql`${table.quotedUnitPriceCents} > 0`),
  ],
);
