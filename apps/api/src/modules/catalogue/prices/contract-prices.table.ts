import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PriceBreak } from '@shop/shared/pricing';
import { companies } from '../../companies';
import { tools } from '../tools/tools.table';

/**
 * A company's own price for a tool (docs/behaviour.md §3.15): its unit price and its own ladder,
 * which replace the tool's for the company's members everywhere a price is shown or charged.
 * Written by the shop's admins (PUT /company/{id}/price/{toolId}); read by the catalogue's
 * reads for members, the cart, and place_order in SQL.
 */
export const contractPrices = pgTable(
  'contract_prices',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    toolId: uuid('tool_id')
      .notNull()
      .references(() => tools.id, { onDelete: 'cascade' }),
    unitPriceCents: integer('unit_price_cents').notNull(),
    priceBreaks: jsonb('price_breaks').$type<PriceBreak[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.toolId] }),
    check('contract_prices_unit_price_positive', sql`${table.unitPriceCents} > 0`),
  ],
);
