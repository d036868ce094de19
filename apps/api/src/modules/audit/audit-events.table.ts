import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AuditValues } from '@shop/shared/contracts/audit';

/**
 * The audit trail (docs/behaviour.md §8.8): one row per admin action, written by `recordAudit` in
 * the action's own transaction. Append-only: the triggers `audit_events_append_only` and
 * `audit_events_no_truncate` refuse UPDATE, DELETE and TRUNCATE (audit/sql/append-only.sql).
 * No foreign keys: the trail outlives the tools, orders and accounts it names, so it keeps
 * their readable label and the actor's e-mail and name as they were.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The clock when the row is written, so that two actions of one admin sort as they happened.
    occurredAt: timestamp('occurred_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
    actorUserId: text('actor_user_id').notNull(),
    actorEmail: text('actor_email').notNull(),
    actorName: text('actor_name').notNull(),
    /** One of auditKinds (packages/shared/src/contracts/audit.ts); text, so a new kind needs no migration. */
    kind: text('kind').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    targetLabel: text('target_label').notNull(),
    before: jsonb('before').$type<AuditValues>(),
    after: jsonb('after').$type<AuditValues>(),
    note: text('note'),
  },
  (table) => [
    // Newest first, paged by (occurred_at, id): all, or one kind. The actor filter matches part
    // of an e-mail or name, which no b-tree serves; admins are few, their actions fewer.
    index('audit_events_occurred_idx').on(table.occurredAt.desc(), table.id.desc()),
    index('audit_events_kind_occurred_idx').on(table.kind, table.occurredAt.desc(), table.id.desc()),
  ],
);
