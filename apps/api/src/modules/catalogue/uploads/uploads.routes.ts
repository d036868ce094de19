import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES } from '@shop/shared/constants';
import { addRoute } from '../../../lib/add-route';
import { invalidInput } from '../../../lib/errors';
import { storeImage } from './store-image';
import { actorOf } from '../../../lib/request-context';

const IMAGE_FIELD = 'image';

/**
 * POST /upload: the product picture, as multipart/form-data with one file in the field `image`.
 * Multipart is registered here only, so no other route accepts it.
 */
export const uploadRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_MAX_BYTES,
      files: 1,
      fields: 5,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: 6,
      headerPairs: 20,
    },
  });

  addRoute(app, 'POST /upload', async (request) => {
    if (!request.isMultipart()) {
      throw invalidInput(`Send the picture as multipart/form-data in the field "${IMAGE_FIELD}"`);
    }
    const image = await readImagePart(request);
    if (!image) throw invalidInput(`Choose a picture to upload in the field "${IMAGE_FIELD}"`);

    const url = await storeImage(
      { db: app.database.db, storage: app.uploads.storage },
      image,
      actorOf(request).id,
    );
    return { success: true, data: { url } };
  });
};

/**
 * The bytes of the `image` part. Every part is read, so that a limit broken by a later part is
 * reported, not ignored. The parser throws plain Errors for a body that is not multipart (no
 * boundary, cut off, garbage): those are the client's mistake, a 400, not a 500. Its limit
 * errors carry their own 4xx status and pass through.
 */
async function readImagePart(request: FastifyRequest): Promise<Buffer | undefined> {
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === IMAGE_FIELD) image = bytes;
    }
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    throw invalidInput(
      `The upload is not a readable multipart/form-data body; send the picture in the field "${IMAGE_FIELD}"`,
    );
  }
  return image;
}
