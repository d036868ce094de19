import { z } from 'zod';
import { defineRoutes } from '../api/define';
import { UPLOAD_MAX_BYTES } from '../constants';

/**
 * The answer the add-product form reads, shaped like the image host the original used
 * (docs/behaviour.md §9.7, §12.13).
 */
export const uploadResponse = z.object({
  success: z.boolean(),
  data: z.object({ url: z.string() }),
});
export type UploadResponse = z.infer<typeof uploadResponse>;

export const uploadRoutes = defineRoutes({
  'POST /upload': {
    access: 'admin',
    rateLimit: 'uploads',
    tags: ['uploads'],
    summary: 'Upload a product picture (admin): multipart/form-data, one file in the field `image`',
    description:
      'The file must decode as a JPEG, PNG, GIF, WebP, TIFF or AVIF image (SVG is refused) of at most ' +
      `${UPLOAD_MAX_BYTES / 1024 / 1024} MB. It is stored re-encoded as WebP, within 1600 x 1600 pixels ` +
      'and without metadata; the answer carries its URL under /uploads/.',
    consumes: ['multipart/form-data'],
    response: { status: 201, schema: uploadResponse },
    errors: [400, 413, 415],
  },
});
