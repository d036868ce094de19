import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** What the database last got of each SQL source file (sql-sources.ts): its digest, and when. */
export const sqlSources = pgTable('sql_sources', {
  name: text('name').primaryKey(),
  sha256: text('sha256').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
