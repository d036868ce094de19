import path from 'node:path';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { s3Settings } from '../config';
import { notFound } from '../lib/errors';
import { createDiskStorage } from '../modules/uploads/disk-storage';
import type { ImageStorage } from '../modules/uploads/image-storage';
import { createS3Storage } from '../modules/uploads/s3-storage';
import { UPLOADS_PATH, isUploadKey } from '../modules/uploads/upload-keys';

/** A stored picture never changes: a new picture gets a new key. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Whatever an upload turned out to be, opened on its own it may run nothing and load nothing.
 * Every upload is re-encoded as a picture; this is the second lock on the same door.
 */
const UPLOAD_CSP = "sandbox; default-src 'none'";

export interface Uploads {
  storage: ImageStorage;
}

/**
 * Owns the uploaded pictures: the storage S3_* chose (a folder in DATA_DIR by default), and
 * serving them at /uploads/<key> from whichever storage holds them.
 */
export default fp(
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const s3 = s3Settings(app.config);
    const storage = s3
      ? createS3Storage(s3)
      : createDiskStorage(path.resolve(app.config.DATA_DIR, 'uploads'));

    app.decorate<Uploads>('uploads', { storage });
    app.addHook('onClose', () => storage.close());

    // Every answer under /uploads/, the 404s of the not-found handler included.
    app.addHook('onSend', async (request, reply) => {
      if (!request.url.startsWith(UPLOADS_PATH)) return;
      reply.header('content-security-policy', UPLOAD_CSP);
      reply.header('x-content-type-options', 'nosniff');
      if (reply.statusCode !== 200) reply.header('cache-control', 'no-cache');
    });

    app.get(
      `${UPLOADS_PATH}:key`,
      { schema: { hide: true, params: z.object({ key: z.string() }) } },
      async (request, reply) => {
        const { key } = request.params;
        const image = isUploadKey(key) ? await storage.open(key) : null;
        if (!image) throw notFound('Picture');
        return reply
          .header('cache-control', IMMUTABLE)
          .header('content-length', image.size)
          .type(image.contentType)
          .send(image.body);
      },
    );
  },
  { name: 'uploads', dependencies: ['database'] },
);
