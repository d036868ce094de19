import type { ImageStorage } from './image-storage';
import { copyKey } from './upload-keys';

/** Removes a picture's bytes and every copy of it (docs/behaviour.md §3.6); the copies first. */
export async function removeStoredImage(
  storage: ImageStorage,
  key: string,
  copyWidths: readonly number[],
): Promise<void> {
  for (const width of copyWidths) await storage.remove(copyKey(key, width));
  await storage.remove(key);
}
