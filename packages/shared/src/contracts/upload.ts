import { z } from 'zod';

/** The shape of the image host the spec's add-product form reads. */
export const uploadResponse = z.object({
  success: z.boolean(),
  data: z.object({ url: z.string() }),
});
export type UploadResponse = z.infer<typeof uploadResponse>;
