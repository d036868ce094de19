import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CERTIFICATE_STATES } from '@shop/shared/contracts/tax';
import { users } from '../accounts';
import { companies } from '../companies';

/**
 * Where the shop is registered for tax, and at what rate (docs/behaviour.md §5.22): a country,
 * or a region of it where rates differ (a region's row wins over its country's). An address the
 * shop has no registration for is not taxed, and its orders say so.
 */
export const taxRegistrations = pgTable(
  'tax_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    country: text('country').notNull(),
    // Upper case, as the registration was typed: addresses' regions are compared upper-cased.
    region: text('region'),
    label: text('label').notNull(),
    // Parts per million of the taxable amount: 72500 is 7.25 % (packages/shared/src/tax.ts).
    ratePpm: integer('rate_ppm').notNull(),
    taxesShipping: boolean('taxes_shipping').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('tax_registrations_rate_in_range', sql`${table.ratePpm} BETWEEN 0 AND 1000000`),
    check('tax_registrations_region_upper', sql`${table.region} = upper(${table.region})`),
    // One registration per country and region; the country's own (no region) once too.
    uniqueIndex('tax_registrations_place_idx').on(table.country, sql`coalesce(${table.region}, '')`),
  ],
);

/**
 * A company's resale certificate for one state (docs/behaviour.md §5.22): sent by its admins,
 * verified or rejected by the shop's. Verified and not expired, it exempts the company's orders
 * shipped to that state.
 */
export const resaleCertificates = pgTable(
  'resale_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    region: text('region').notNull(),
    number: text('number').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    state: text('state', { enum: CERTIFICATE_STATES }).notNull().default('pending'),
    rejectReason: text('reject_reason'),
    // The certificate's PDF in the pictures' storage (never served at /uploads); null: not sent yet.
    fileKey: text('file_key'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    check('resale_certificates_state_known', sql`${table.state} IN ('pending', 'verified', 'rejected')`),
    check(
      'resale_certificates_reject_has_reason',
      sql`(${table.state} = 'rejected') = (${table.rejectReason} IS NOT NULL)`,
    ),
    index('resale_certificates_company_id_idx').on(table.companyId),
  ],
);
