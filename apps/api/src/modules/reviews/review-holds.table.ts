import { pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tools } from '../catalogue';
import { users } from '../accounts';

/**
 * A hidden review its author deleted (docs/behaviour.md §7.5): the author's next review of the
 * same target starts hidden with the shop's reason, so deleting is no way back to the public
 * list. One per author and target; the next review takes it (review-holds.ts).
 */
export const reviewHolds = pgTable(
  'review_holds',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The tool the deleted review was about; null for a general review of the shop.
    toolId: uuid('tool_id').references(() => tools.id, { onDelete: 'cascade' }),
    // The shop's reason for hiding it, and the admin who did.
    reason: text('reason').notNull(),
    hiddenBy: text('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // NULLS NOT DISTINCT: one hold for an author's general reviews too (tool_id null).
  (table) => [unique('review_holds_one_per_target').on(table.userId, table.toolId).nullsNotDistinct()],
);
