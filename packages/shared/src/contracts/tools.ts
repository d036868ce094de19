import { z } from 'zod';
import { defineRoutes } from '../api/define';
import { copy } from '../copy';
import { idParams, noControlCharacters } from '../fields';
import { deletedCountResponse, ETAG_NOTE, insertedIdResponse } from './common';

const MAX_QUANTITY = 1_000_000;
const MAX_UNIT_PRICE_DOLLARS = 100_000;

/** A tool as the API returns it; prices in dollars. */
export const toolSchema = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string(),
  availableQuantity: z.number().int(),
  orderQuantity: z.number().int(),
  perPartsPrice: z.number(),
  description: z.string(),
  createdAt: z.string(),
});
export type Tool = z.infer<typeof toolSchema>;

export const toolListSchema = z.array(toolSchema);

/** Pictures are our own uploads (`/uploads/...`) or an http(s) URL. */
const imageField = z
  .string({ error: copy.imageRequired })
  .trim()
  .min(1, copy.imageRequired)
  .max(500, 'Image URL must be 500 characters or fewer')
  .regex(/^[^\s]*$/, 'Image must be an uploaded picture or an http(s) URL')
  .refine(
    (value) => /^\/uploads\/[\w.-]+$/.test(value) || /^https?:\/\/[^\s]+$/i.test(value),
    'Image must be an uploaded picture or an http(s) URL',
  );

const wholeNumber = (requiredMessage: string, min: number, max: number, label: string) =>
  z
    .number({ error: requiredMessage })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')}`);

export const createToolBody = z.strictObject({
  name: noControlCharacters(
    z
      .string({ error: copy.nameRequired })
      .trim()
      .min(1, copy.nameRequired)
      .max(120, 'Name must be 120 characters or fewer'),
  ),
  availableQuantity: wholeNumber(copy.maxQuantityRequired, 0, MAX_QUANTITY, 'Available quantity'),
  orderQuantity: wholeNumber(copy.minQuantityRequired, 1, MAX_QUANTITY, 'Minimum order quantity'),
  // The unit price shares the minimum quantity's required message on purpose (docs/behaviour.md §6.5).
  perPartsPrice: wholeNumber(copy.minQuantityRequired, 1, MAX_UNIT_PRICE_DOLLARS, 'Unit price'),
  description: noControlCharacters(
    z
      .string({ error: copy.descriptionRequired })
      .trim()
      .min(1, copy.descriptionRequired)
      .max(5000, 'Description must be 5000 characters or fewer'),
    { multiline: true },
  ),
  img: imageField,
});
export type CreateToolBody = z.infer<typeof createToolBody>;

export const toolRoutes = defineRoutes({
  'GET /tool': {
    access: 'public',
    tags: ['tools'],
    summary: 'The catalogue, oldest first',
    description: ETAG_NOTE,
    response: { status: 200, schema: toolListSchema },
  },
  'GET /tool/:id': {
    access: 'public',
    tags: ['tools'],
    summary: 'One tool',
    description: ETAG_NOTE,
    params: idParams,
    response: { status: 200, schema: toolSchema },
    errors: [404],
  },
  'POST /tool': {
    access: 'admin',
    tags: ['tools'],
    summary: 'Add a tool (admin)',
    body: createToolBody,
    response: { status: 201, schema: insertedIdResponse },
  },
  'DELETE /delete-tool/:id': {
    access: 'admin',
    tags: ['tools'],
    summary: 'Delete a tool (admin); its orders stay intact',
    params: idParams,
    response: { status: 200, schema: deletedCountResponse },
    errors: [404],
  },
});
