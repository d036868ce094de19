import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../../db/client';
import { keyOfUploadUrl } from './upload-keys';
import { uploads } from './uploads.table';

/**
 * Marks the picture at `imageUrl` as used by a tool, so that the sweep keeps it; a URL on
 * another host, or of a picture we hold no record of, links nothing. A picture already used by
 * another tool stays linked to that one (the sweep also checks every tool's URL).
 */
export async function linkUploadToTool(tx: DbExecutor, imageUrl: string, toolId: string): Promise<void> {
  const key = keyOfUploadUrl(imageUrl);
  if (!key) return;
  await tx
    .update(uploads)
    .set({ toolId, linkedAt: sql`now()` })
    .where(and(eq(uploads.key, key), isNull(uploads.toolId)));
}

/**
 * The tool shows another picture now: its old one loses the link (keeping `linkedAt`, so the
 * sweep takes it without a grace period, unless another tool shows the same URL).
 */
export async function unlinkUploadFromTool(tx: DbExecutor, imageUrl: string, toolId: string): Promise<void> {
  const key = keyOfUploadUrl(imageUrl);
  if (!key) return;
  await tx
    .update(uploads)
    .set({ toolId: null })
    .where(and(eq(uploads.key, key), eq(uploads.toolId, toolId)));
}
