import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { COMPANY_ROLES, COMPANY_STATES, MONTHLY_VOLUMES } from '@shop/shared/contracts/companies';
import { postalAddressColumns, users } from '../accounts';

/**
 * Trade accounts (docs/behaviour.md §4.18): a company as applied for, and what the shop decided.
 * The billing address is a copy of the applicant's address book entry, as an order keeps its own.
 */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    taxNumber: text('tax_number').notNull(),
    billingAddress: jsonb('billing_address').$type<ShippingAddress>().notNull(),
    phone: text('phone').notNull(),
    monthlyVolume: text('monthly_volume', { enum: MONTHLY_VOLUMES }).notNull(),
    state: text('state', { enum: COMPANY_STATES }).notNull().default('pending'),
    declineReason: text('decline_reason'),
    applicantId: text('applicant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    // Payment terms (docs/behaviour.md §5.23), set by the shop's admins: all three or none.
    // Its buyers may then pay by invoice, due this many days later, up to the credit limit.
    termsDays: integer('terms_days'),
    creditLimitCents: bigint('credit_limit_cents', { mode: 'number' }),
    invoiceEmail: text('invoice_email'),
  },
  (table) => [
    check(
      'companies_terms_whole',
      sql`(${table.termsDays} IS NULL) = (${table.creditLimitCents} IS NULL) AND (${table.termsDays} IS NULL) = (${table.invoiceEmail} IS NULL)`,
    ),
    check('companies_terms_days_known', sql`${table.termsDays} IN (15, 30, 60)`),
    check('companies_credit_limit_positive', sql`${table.creditLimitCents} > 0`),
    check('companies_state_known', sql`${table.state} IN ('pending', 'approved', 'declined')`),
    check(
      'companies_decline_has_reason',
      sql`(${table.state} = 'declined') = (${table.declineReason} IS NOT NULL)`,
    ),
    // One application waiting per person, whatever two requests do at once.
    uniqueIndex('companies_one_pending_per_applicant')
      .on(table.applicantId)
      .where(sql`${table.state} = 'pending'`),
    index('companies_created_at_idx').on(table.createdAt),
  ],
);

/**
 * Who belongs to which company, in which role (docs/behaviour.md §4.19): one company per person
 * (the primary key is the person). A buyer's per-order limit in cents; null: none.
 */
export const companyMembers = pgTable(
  'company_members',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role', { enum: COMPANY_ROLES }).notNull(),
    orderLimitCents: integer('order_limit_cents'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('company_members_role_known', sql`${table.role} IN ('admin', 'buyer', 'viewer')`),
    check('company_members_limit_positive', sql`${table.orderLimitCents} > 0`),
    index('company_members_company_id_idx').on(table.companyId),
  ],
);

/**
 * Invitations to join a company (docs/behaviour.md §4.19): the link's token is kept only as its
 * SHA-256, used once (accepted_at), for INVITATION_DAYS, by the address it was sent to.
 */
export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: COMPANY_ROLES }).notNull(),
    orderLimitCents: integer('order_limit_cents'),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('company_invitations_role_known', sql`${table.role} IN ('admin', 'buyer', 'viewer')`),
    check('company_invitations_limit_positive', sql`${table.orderLimitCents} > 0`),
    index('company_invitations_company_id_idx').on(table.companyId),
  ],
);

/**
 * The addresses a company's members share (docs/behaviour.md §4.19): added and removed by its
 * company admins, offered at checkout beside each member's own; an order keeps its own copy.
 */
export const companyAddresses = pgTable(
  'company_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ...postalAddressColumns(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('company_addresses_company_id_idx').on(table.companyId)],
);
