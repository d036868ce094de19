import path from 'node:path';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { s3Settings } from '../config';
import { notFound } from '../lib/errors';
import {
  createDiskStorage,
  loadS3Storage,
  STORED_IMAGE_TYPE,
  UPLOADS_PATH,
  isStoredKey,
  sweepUnusedUploads,
} from '../modules/catalogue';
import type { ImageStorage, SweepOptions } from '../modules/catalogue';

/** Until a job queue runs it, each instance sweeps this often (sweeps never take the same row). */
const SWEEP_INTERVAL_MS = 10 * 60_000;
/** A stored picture never changes: a new picture gets a new key. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Whatever an upload turned out to be, opened on its own it may run nothing and load nothing.
 * Every upload is re-encoded as a picture; this is the second lock on the same door.
 */
const UPLOAD_CSP = "sandbox; default-src 'none'";

export interface Uploads {
  storage: ImageStorage;
  /** Removes the pictures no tool uses; logs what fails and never throws. */
  sweep(options?: SweepOptions): Promise<void>;
}

/**
 * Owns the uploaded pictures: the storage S3_* chose (a folder in DATA_DIR by default), the
 * sweep of unused ones, and serving them at /uploads/<key> from whichever storage holds them.
 */
export default fp(
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const s3 = s3Settings(app.config);
    const storage = s3
      ? // Loaded only when configured: the AWS SDK costs some 20 MB of memory (README: Performance).
        (await loadS3Storage()).createS3Storage(s3)
      : createDiskStorage(path.resolve(app.config.DATA_DIR, 'uploads'));

    let sweeping: Promise<void> = Promise.resolve();
    const sweep = (options?: SweepOptions) => {
      sweeping = sweeping.then(async () => {
        try {
          const { removed, failed } = await sweepUnusedUploads(app.database.db, storage, options);
          if (removed.length > 0) app.log.info({ count: removed.length }, 'unused uploads removed');
          for (const { key, error } of failed) {
            app.log.warn({ err: error, key }, 'an unused upload could not be removed from storage');
          }
        } catch (error) {
          app.log.error({ err: error }, 'the sweep of unused uploads failed');
        }
      });
      return sweeping;
    };
    app.decorate<Uploads>('uploads', { storage, sweep });

    const timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS).unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await sweeping;
      await storage.close();
    });

    // Every answer under /uploads/, the 404s of the not-found handler included.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.url.startsWith(UPLOADS_PATH)) {
        reply.header('content-security-policy', UPLOAD_CSP);
        reply.header('x-content-type-options', 'nosniff');
        if (reply.statusCode !== 200) reply.header('cache-control', 'no-cache');
      }
      done(null, payload);
    });

    app.get(
      `${UPLOADS_PATH}:key`,
      // Pictures are compressed already (WebP): never squeezed again on the way out.
      { schema: { hide: true, params: z.object({ key: z.string() }) }, compress: false },
      async (request, reply) => {
        const { key } = request.params;
        const image = isStoredKey(key) ? await storage.open(key) : null;
        if (!image) throw notFound('Picture');
        // The type the shop stores, whatever the bucket's metadata says: every upload is
        // re-encoded as WebP (upload-keys.ts), so a file planted in the bucket or the folder
        // under a picture's name goes out as a picture, never as a page (issue 25).
        return reply
          .header('cache-control', IMMUTABLE)
          .header('content-length', image.size)
          .type(STORED_IMAGE_TYPE)
          .send(image.body);
      },
    );
  },
  { name: 'uploads', dependencies: ['database'] },
);
