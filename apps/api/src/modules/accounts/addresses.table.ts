import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.table';

/**
 * The columns of a postal address, fresh for each table that holds addresses: the address book
 * here, and the addresses a company shares (companies/company-addresses.table.ts).
 */
export const postalAddressColumns = () => ({
  name: text('name').notNull(),
  company: text('company'),
  line1: text('line1').notNull(),
  line2: text('line2'),
  city: text('city').notNull(),
  region: text('region'),
  postalCode: text('postal_code').notNull(),
  /** ISO 3166-1 alpha-2 (packages/shared/src/countries.ts). */
  country: text('country').notNull(),
  phone: text('phone').notNull(),
});

/**
 * The address book (docs/behaviour.md §4.17): an account's delivery addresses, one of them the
 * default checkout starts with. An order keeps its own copy (orders.shipping_address), so
 * editing or deleting an address changes no order.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...postalAddressColumns(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('addresses_user_id_idx').on(table.userId),
    // At most one default per account, whatever two requests do at once.
    uniqueIndex('addresses_one_default_per_user')
      .on(table.userId)
      .where(sql`${table.isDefault}`),
  ],
);
