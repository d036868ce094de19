import { and, eq, inArray, isNotNull, isNull, lt, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { tools } from '../tools/tools.table';
import type { ImageStorage } from './image-storage';
import { removeStoredImage } from './remove-stored-image';
import { UPLOADS_PATH } from './upload-keys';
import { uploads } from './uploads.table';

/** An admin uploads the picture first and saves the tool after: give them this long. */
export const UNUSED_UPLOAD_GRACE_MS = 60 * 60_000;
/** At most this many per sweep, so that one sweep stays short; the next takes the rest. */
const SWEEP_BATCH = 200;

export interface SweepOptions {
  graceMs?: number;
}

export interface SweepResult {
  removed: string[];
  /** Keys whose row is gone but whose bytes could not be removed from storage. */
  failed: { key: string; error: unknown }[];
}

/**
 * Removes the pictures no tool uses: those never linked and older than the grace period, and
 * those whose tool was deleted. Rows go first, in one statement, so that two instances sweeping
 * at once never take the same row; then the bytes, every width of them.
 */
export async function sweepUnusedUploads(
  db: Database,
  storage: ImageStorage,
  { graceMs = UNUSED_UPLOAD_GRACE_MS }: SweepOptions = {},
): Promise<SweepResult> {
  const cutoff = new Date(Date.now() - graceMs);
  const isUnused = and(
    isNull(uploads.toolId),
    or(isNotNull(uploads.linkedAt), lt(uploads.createdAt, cutoff)),
    // A tool may show a picture it is not linked to (two tools given the same URL).
    notExists(
      db
        .select({ id: tools.id })
        .from(tools)
        .where(eq(tools.imageUrl, sql`${UPLOADS_PATH} || ${uploads.key}`)),
    ),
  );
  const batch = db
    .select({ key: uploads.key })
    .from(uploads)
    .where(isUnused)
    .limit(SWEEP_BATCH)
    .for('update', { skipLocked: true });
  const deleted = await db
    .delete(uploads)
    .where(and(inArray(uploads.key, batch), isUnused))
    .returning({ key: uploads.key, copyWidths: uploads.copyWidths });

  const result: SweepResult = { removed: [], failed: [] };
  for (const { key, copyWidths } of deleted) {
    try {
      await removeStoredImage(storage, key, copyWidths);
      result.removed.push(key);
    } catch (error) {
      result.failed.push({ key, error });
    }
  }
  return result;
}
