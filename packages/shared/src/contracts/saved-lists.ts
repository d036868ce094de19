import { z } from 'zod';
import { defineRoutes } from '../api/define';
import { idParams, noControlCharacters } from '../fields';
import { MAX_QUICK_ORDER_QUANTITY } from '../quick-order-text';
import { cartAdditionsResponse, MAX_CART_LINES, optionalIdempotencyHeaders } from './cart';
import { deletedCountResponse } from './common';

/** How many lists one account may keep (docs/behaviour.md §5.20). */
export const MAX_SAVED_LISTS = 50;
/** A list holds at most what a cart may. */
export const MAX_LIST_LINES = MAX_CART_LINES;

const listName = noControlCharacters(
  z
    .string({ error: 'Name the list' })
    .trim()
    .min(1, 'Name the list')
    .max(80, 'A list name must be 80 characters or fewer'),
);

const idField = noControlCharacters(z.string({ error: 'Name a tool' }).min(1, 'Name a tool').max(100));

const listLinesInput = z
  .array(
    z.strictObject({
      toolId: idField,
      quantity: z
        .number({ error: 'Quantity must be a whole number' })
        .int('Quantity must be a whole number')
        .min(1, 'Quantity must be at least 1')
        .max(MAX_QUICK_ORDER_QUANTITY, 'Quantity must be at most 1,000,000'),
    }),
  )
  .max(MAX_LIST_LINES, `A list holds at most ${MAX_LIST_LINES} tools`)
  .refine((lines) => new Set(lines.map((line) => line.toolId)).size === lines.length, 'Name each tool once');

/**
 * POST /list: a new list, of the lines sent, or a copy of the cart's lines, or of an order's.
 * Exactly one of the three.
 */
export const createListBody = z
  .strictObject({
    name: listName,
    lines: listLinesInput.optional(),
    fromCart: z.literal(true, { error: 'fromCart is true or left out' }).optional(),
    fromOrderId: idField.optional(),
  })
  .refine(
    (body) =>
      [body.lines, body.fromCart, body.fromOrderId].filter((source) => source !== undefined).length === 1,
    'Send one of lines, fromCart or fromOrderId',
  );
export type CreateListBody = z.input<typeof createListBody>;

/** PATCH /list/{id}: a new name, or the list's lines as they should be (all of them), or both. */
export const updateListBody = z
  .strictObject({ name: listName.optional(), lines: listLinesInput.optional() })
  .refine((body) => body.name !== undefined || body.lines !== undefined, 'Change the name or the lines');
export type UpdateListBody = z.input<typeof updateListBody>;

export const savedListSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  lineCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedListSummary = z.infer<typeof savedListSummarySchema>;

export const savedListSchema = savedListSummarySchema.extend({
  lines: z.array(
    z.object({
      toolId: z.string(),
      sku: z.string(),
      name: z.string(),
      img: z.string(),
      quantity: z.number().int(),
      /** Today's unit price for the line's quantity. */
      unitPrice: z.number(),
      /** The tool has left the shop: the line stays, and adding the list to the cart skips it. */
      isArchived: z.boolean(),
    }),
  ),
});
export type SavedList = z.infer<typeof savedListSchema>;

export const savedListRoutes = defineRoutes({
  'GET /list': {
    access: 'signed-in',
    tags: ['lists'],
    summary: "The caller's saved lists, the last changed first",
    response: { status: 200, schema: z.array(savedListSummarySchema) },
  },
  'POST /list': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['lists'],
    summary: 'Save a list: of the lines sent, of the cart, or of one of your orders',
    description:
      `Names are unique per account, whatever their case; at most ${MAX_SAVED_LISTS} lists (409 beyond). ` +
      "Another account's order is 404. From an order, tools no longer in the shop are left out.",
    body: createListBody,
    response: { status: 201, schema: savedListSchema },
    errors: [404, 409],
  },
  'GET /list/:id': {
    access: 'signed-in',
    tags: ['lists'],
    summary: 'One of your lists with its lines at today’s prices',
    params: idParams,
    response: { status: 200, schema: savedListSchema },
    errors: [404],
  },
  'PATCH /list/:id': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['lists'],
    summary: 'Rename a list or set its lines',
    params: idParams,
    body: updateListBody,
    response: { status: 200, schema: savedListSchema },
    errors: [404, 409],
  },
  'DELETE /list/:id': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['lists'],
    summary: 'Delete a list',
    params: idParams,
    response: { status: 200, schema: deletedCountResponse },
    errors: [404],
  },
  'POST /list/:id/add-to-cart': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['lists', 'cart'],
    summary: "Add a list's lines to the cart, each checked as a quick-order row is",
    description: 'An optional Idempotency-Key makes a retry add once.',
    params: idParams,
    headers: optionalIdempotencyHeaders,
    response: { status: 200, schema: cartAdditionsResponse },
    errors: [404, 409],
  },
});
