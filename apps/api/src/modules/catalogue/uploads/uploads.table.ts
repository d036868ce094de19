import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tools } from '../tools/tools.table';
import { users } from '../../accounts';

/**
 * One row per stored picture, and what uses it. A picture is uploaded before the tool that
 * shows it is saved, so an unlinked row is normal for a while; sweep-unused-uploads.ts removes
 * those left unused past a grace period, and those whose tool was deleted.
 */
export const uploads = pgTable(
  'uploads',
  {
    /** The name in storage, served at /uploads/<key> (upload-keys.ts). */
    key: text('key').primaryKey(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /**
     * The widths of the narrower copies stored beside it (`<key>-400w.webp`, upload-keys.ts),
     * narrowest first; empty for a picture stored before copies were made (decision 0024).
     */
    copyWidths: integer('copy_widths')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** Null for the seeded demo pictures, or once the admin's account is gone. */
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    toolId: uuid('tool_id').references(() => tools.id, { onDelete: 'set null' }),
    /** When a tool first used it: a picture that had a tool and lost it needs no grace period. */
    linkedAt: timestamp('linked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('uploads_tool_id_idx').on(table.toolId),
    index('uploads_unlinked_idx')
      .on(table.createdAt)
      .where(sql`${table.toolId} IS NULL`),
  ],
);
