import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { TAX_REASONS } from '@shop/shared/tax';
import { orders } from './orders.table';

/**
 * The tax an order pays, frozen when it is placed (docs/behaviour.md §5.22): where, at what rate,
 * on what amount, and why (taxed, exempt, reverse charge, not registered), with the exemption's
 * certificate or the buyer's VAT number. Written by `place_order` with the order; a registration
 * edited later changes no order. A refund marks its tax reversed.
 */
export const orderTaxLines = pgTable(
  'order_tax_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    jurisdiction: text('jurisdiction').notNull(),
    label: text('label').notNull(),
    reason: text('reason', { enum: TAX_REASONS }).notNull(),
    ratePpm: integer('rate_ppm').notNull(),
    taxesShipping: boolean('taxes_shipping').notNull(),
    taxableCents: bigint('taxable_cents', { mode: 'number' }).notNull(),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull(),
    reference: text('reference'),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.position] }),
    check(
      'order_tax_lines_reason_known',
      sql`${table.reason} IN ('taxed', 'exempt', 'reverse-charge', 'not-registered')`,
    ),
    // Only a taxed line pays anything: exempt, reverse charge and not registered are 0 by rule.
    check('order_tax_lines_untaxed_is_zero', sql`${table.reason} = 'taxed' OR ${table.taxCents} = 0`),
    check(
      'order_tax_lines_tax_matches_rate',
      sql`${table.taxCents} = (${table.taxableCents} * ${table.ratePpm} + 500000) / 1000000`,
    ),
  ],
);
