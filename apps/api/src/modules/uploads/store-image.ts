import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { ImageStorage } from './image-storage';
import { normalizeImage } from './normalize-image';
import { recordUpload } from './record-upload';
import { STORED_IMAGE_TYPE, newUploadKey, uploadUrl } from './upload-keys';
import { uploads } from './uploads.table';

/**
 * An uploaded file in, the URL of its safe re-encoded copy out. The row is written before the
 * bytes: should saving fail after it, the row is unused and the sweep clears it, whereas bytes
 * without a row would never be found again.
 */
export async function storeImage(
  { db, storage }: { db: Database; storage: ImageStorage },
  input: Buffer,
  uploadedBy: string,
): Promise<string> {
  const { webp, width, height } = await normalizeImage(input);
  const key = newUploadKey();
  await recordUpload(db, { key, byteSize: webp.length, width, height, uploadedBy });
  try {
    await storage.save(key, webp, STORED_IMAGE_TYPE);
  } catch (error) {
    await db
      .delete(uploads)
      .where(eq(uploads.key, key))
      .catch(() => {});
    throw error;
  }
  return uploadUrl(key);
}
