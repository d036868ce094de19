import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { ImageStorage } from './image-storage';
import { normalizeImage } from './normalize-image';
import { recordUpload } from './record-upload';
import { removeStoredImage } from './remove-stored-image';
import { STORED_IMAGE_TYPE, copyKey, newUploadKey, uploadUrl } from './upload-keys';
import { uploads } from './uploads.table';

/**
 * An uploaded file in, the URL of its safe re-encoded copy out; its narrower copies are stored
 * beside it (docs/behaviour.md §3.6). The row is written before the bytes: should saving fail
 * after it, the row is unused and the sweep clears it, whereas bytes without a row would never
 * be found again.
 */
export async function storeImage(
  { db, storage }: { db: Database; storage: ImageStorage },
  input: Buffer,
  uploadedBy: string,
): Promise<string> {
  const { webp, width, height, copies } = await normalizeImage(input);
  const key = newUploadKey();
  const copyWidths = copies.map((copy) => copy.width);
  await recordUpload(db, { key, byteSize: webp.length, width, height, copyWidths, uploadedBy });
  try {
    // The copies first: a picture whose URL works has all its widths.
    for (const copy of copies) await storage.save(copyKey(key, copy.width), copy.webp, STORED_IMAGE_TYPE);
    await storage.save(key, webp, STORED_IMAGE_TYPE);
  } catch (error) {
    await removeStoredImage(storage, key, copyWidths).catch(() => {});
    await db
      .delete(uploads)
      .where(eq(uploads.key, key))
      .catch(() => {});
    throw error;
  }
  return uploadUrl(key);
}
