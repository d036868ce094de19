import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageStorage } from './image-storage';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Pictures as files in one folder (DATA_DIR/uploads): the default, for a single instance. */
export function createDiskStorage(dir: string): ImageStorage {
  mkdirSync(dir, { recursive: true });
  const fileOf = (key: string) => path.join(dir, key);

  return {
    async save(key, bytes) {
      // Written aside, then renamed: a reader sees the whole picture or none of it. The
      // temporary name is never a valid key, so it is never served.
      const partial = path.join(dir, `.${key}.${randomUUID()}.partial`);
      try {
        await writeFile(partial, bytes);
        await rename(partial, fileOf(key));
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },

    async open(key) {
      let handle;
      try {
        handle = await open(fileOf(key), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      return { body: handle.createReadStream(), size: stats.size };
    },

    async remove(key) {
      await rm(fileOf(key), { force: true });
    },

    async close() {},
  };
}
