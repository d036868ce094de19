import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPLOAD_MAX_BYTES } from '@shop/shared/constants';
import { uploadResponse } from '@shop/shared/contracts/upload';
import { invalidInput } from '../../lib/errors';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import { actorOf } from '../../plugins/access';
import { storeImage } from '../../modules/uploads/store-image';

const IMAGE_FIELD = 'image';

/**
 * POST /upload: the product picture, as multipart/form-data with one file in the field `image`.
 * Multipart is registered here only, so no other route accepts it.
 */
export const adminUploadRoutes: FastifyPluginAsyncZod = async (app) => {
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

  app.post(
    '/upload',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['uploads'],
        summary: 'Upload a product picture (admin): multipart/form-data, one file in the field `image`',
        description:
          'The file must decode as a JPEG, PNG, GIF, WebP, TIFF or AVIF image (SVG is refused) of at most ' +
          `${UPLOAD_MAX_BYTES / 1024 / 1024} MB. It is stored re-encoded as WebP, within 1600 x 1600 pixels ` +
          'and without metadata; the answer carries its URL under /uploads/.',
        consumes: ['multipart/form-data'],
        security: bearerSecurity,
        response: { 201: uploadResponse, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw invalidInput(`Send the picture as multipart/form-data in the field "${IMAGE_FIELD}"`);
      }
      let image: Buffer | undefined;
      // Read every part, so that a limit broken by a later part is reported, not ignored.
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        const bytes = await part.toBuffer();
        if (part.fieldname === IMAGE_FIELD) image = bytes;
      }
      if (!image) throw invalidInput(`Choose a picture to upload in the field "${IMAGE_FIELD}"`);

      const stores = { db: app.database.db, storage: app.uploads.storage };
      const url = await storeImage(stores, image, actorOf(request).id);
      return reply.status(201).send({ success: true, data: { url } });
    },
  );
};
