import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { UPLOAD_MAX_BYTES } from '@shop/shared/constants';
import { addRoute } from '../../../lib/add-route';
import { invalidInput } from '../../../lib/errors';
import { oneFileForm, readFilePart } from '../../../lib/read-file-part';
import { storeImage } from './store-image';
import { actorOf } from '../../../lib/request-context';

const IMAGE_FIELD = 'image';

/**
 * POST /upload: the product picture, as multipart/form-data with one file in the field `image`.
 * Multipart is registered in this plugin only (and for the certificates' PDFs in tax), so no
 * other route accepts it.
 */
export const uploadRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, oneFileForm(UPLOAD_MAX_BYTES));

  addRoute(app, 'POST /upload', async (request) => {
    const image = await readFilePart(request, IMAGE_FIELD, 'the picture');
    if (!image) throw invalidInput(`Choose a picture to upload in the field "${IMAGE_FIELD}"`);

    const url = await storeImage(
      { db: app.database.db, storage: app.uploads.storage },
      image,
      actorOf(request).id,
    );
    return { success: true, data: { url } };
  });
};
