import { z } from 'zod';
import { defineRoutes } from '../api/define';
import { toolCategories, toolCategoryLabels } from '../categories';
import { copy } from '../copy';
import { formatCount } from '../format';
import { idParams, noControlCharacters } from '../fields';
import { SKU_PATTERN } from '../sku';
import { deletedCountResponse, ETAG_NOTE, insertedIdResponse, modifiedCountResponse } from './common';
import { cursorField, limitField, PAGING_NOTE, searchField } from './list-query';
import { stockRoutes } from './stock';
import { tradeEditFields, tradeFields, tradeToolFields, tradeToolIssues } from './trade-pricing';

const MAX_QUANTITY = 1_000_000;
const MAX_UNIT_PRICE_DOLLARS = 100_000;

/**
 * One stored width of a tool's picture (docs/decisions/0024): `url` is served by the shop,
 * `width` is its real width in pixels, for a `srcset` candidate such as `${url} ${width}w`.
 */
const imageWidthSchema = z.object({ url: z.string(), width: z.number().int() });

/** A tool as the API returns it; prices in dollars. */
export const toolSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The part number (docs/behaviour.md §3.14). */
  sku: z.string(),
  img: z.string(),
  /**
   * The widths the shop holds of `img`, narrowest first, the last being `img` itself; empty
   * when it holds none (a picture on another host, or one stored before sized copies existed).
   */
  images: z.array(imageWidthSchema),
  availableQuantity: z.number().int(),
  orderQuantity: z.number().int(),
  perPartsPrice: z.number(),
  description: z.string(),
  /** Null: uncategorised, added without one (a client written to the spec); docs/behaviour.md §3.2. */
  category: z.enum(toolCategories).nullable(),
  createdAt: z.string(),
  /** At or under this stock Manage Products marks the tool low; null: twice its minimum order (docs/behaviour.md §3.13). */
  lowStockThreshold: z.number().int().nullable(),
  // Trade pricing (docs/behaviour.md §3.7): pack size, per-order maximum, ship price, price breaks.
  ...tradeToolFields,
  /**
   * Present only in a company member's answer for a tool with a contract price (docs/behaviour.md
   * §3.15): the list unit price, while perPartsPrice and priceBreaks are the company's own.
   */
  listPrice: z.number().optional(),
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
    .max(max, `${label} must be at most ${formatCount(max)}`);

/**
 * The rules of a tool's fields, one source for adding (POST /tool) and editing (PATCH /tool/:id):
 * the same field gets the same message on both (docs/behaviour.md §3.10).
 */
export const toolFields = {
  name: noControlCharacters(
    z
      .string({ error: copy.nameRequired })
      .trim()
      .min(1, copy.nameRequired)
      .max(120, 'Name must be 120 characters or fewer'),
  ),
  availableQuantity: wholeNumber(copy.maxQuantityRequired, 0, MAX_QUANTITY, 'Available quantity'),
  orderQuantity: wholeNumber(copy.minQuantityRequired, 1, MAX_QUANTITY, 'Minimum order quantity'),
  // The unit price shares the minimum quantity's required message on purpose (docs/behaviour.md §3.8).
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
  /** Null (or absent) means the default: twice the minimum order quantity. */
  lowStockThreshold: wholeNumber(
    'Low-stock threshold must be a whole number',
    0,
    MAX_QUANTITY,
    'Low-stock threshold',
  ).nullable(),
  // A part number buyers order by (docs/behaviour.md §3.14): letters, digits, dots and dashes,
  // unique whatever its case. Always text: '007' stays '007'.
  sku: noControlCharacters(
    z
      .string({ error: 'SKU must be text' })
      .trim()
      .min(1, 'SKU is required')
      .max(40, 'SKU must be 40 characters or fewer')
      .regex(SKU_PATTERN, 'SKU may hold letters, digits, dots and dashes only'),
  ),
  category: z.enum(toolCategories, {
    error: `Choose a category: ${toolCategories.map((slug) => `${slug} (${toolCategoryLabels[slug]})`).join(', ')}`,
  }),
};

export const createToolBody = z
  .strictObject({
    name: toolFields.name,
    availableQuantity: toolFields.availableQuantity,
    orderQuantity: toolFields.orderQuantity,
    perPartsPrice: toolFields.perPartsPrice,
    description: toolFields.description,
    img: toolFields.img,
    // Optional, as the spec's POST /tool has none: absent, the shop makes one up (§3.14).
    sku: toolFields.sku.optional(),
    // Optional, as the spec's POST /tool has no category: absent or null, the tool is added
    // uncategorised and the admin screens ask for one (docs/behaviour.md §3.2).
    category: toolFields.category.nullish(),
    // Optional, so a client written to the spec still adds a tool (docs/behaviour.md §3.7).
    ...tradeFields,
  })
  .superRefine(tradeToolIssues);
export type CreateToolBody = z.infer<typeof createToolBody>;
/** The request as a client sends it: the trade fields may be left out (their defaults apply). */
export type CreateToolRequest = z.input<typeof createToolBody>;

/** Stock is not a field of an edit: it changes only through the stock ledger (docs/behaviour.md §3.11). */
export const STOCK_NOT_EDITABLE = 'Stock changes only through Restock or Adjust stock';

/** An edit names only the fields it changes, each with the rule and message it has when adding. */
export const updateToolBody = z
  .strictObject({
    name: toolFields.name.optional(),
    orderQuantity: toolFields.orderQuantity.optional(),
    perPartsPrice: toolFields.perPartsPrice.optional(),
    description: toolFields.description.optional(),
    img: toolFields.img.optional(),
    sku: toolFields.sku.optional(),
    category: toolFields.category.optional(),
    lowStockThreshold: toolFields.lowStockThreshold.optional(),
    ...tradeEditFields,
    availableQuantity: z.undefined({ error: STOCK_NOT_EDITABLE }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to change');
export type UpdateToolBody = z.infer<typeof updateToolBody>;

/** An archived tool, as the admin's Archived list shows it. */
export const archivedToolSchema = toolSchema.extend({ archivedAt: z.string() });
export type ArchivedTool = z.infer<typeof archivedToolSchema>;

/** The orders `GET /tool` can list in (docs/behaviour.md §3.4); 'oldest' is the plain list's. */
export const toolSorts = ['oldest', 'newest', 'price-asc', 'price-desc', 'name'] as const;
export type ToolSort = (typeof toolSorts)[number];

const priceBound = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, `${name} must be an amount in dollars, such as 12 or 12.50`)
    .transform(Number)
    .pipe(
      z
        .number()
        .max(
          MAX_UNIT_PRICE_DOLLARS,
          `${name} must be at most ${formatCount(MAX_UNIT_PRICE_DOLLARS)} dollars`,
        ),
    );

/** Search, filters, order and paging of the catalogue; each one is optional. */
export const toolListQuery = z
  .strictObject({
    q: searchField.optional(),
    category: z
      .enum(toolCategories, { error: `category must be one of: ${toolCategories.join(', ')}` })
      .optional(),
    inStock: z.enum(['true', 'false'], { error: 'inStock must be true or false' }).optional(),
    minPrice: priceBound('minPrice').optional(),
    maxPrice: priceBound('maxPrice').optional(),
    sort: z.enum(toolSorts, { error: `sort must be one of: ${toolSorts.join(', ')}` }).optional(),
    limit: limitField.optional(),
    cursor: cursorField.optional(),
  })
  .refine(
    (query) =>
      query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice,
    { message: 'minPrice must not be above maxPrice', path: ['minPrice'] },
  );
export type ToolListQuery = z.output<typeof toolListQuery>;
/** The query as it travels: text, as in a URL. */
export type ToolListQueryInput = z.input<typeof toolListQuery>;

export const toolRoutes = defineRoutes({
  'GET /tool': {
    access: 'public',
    tags: ['tools'],
    summary: 'The catalogue, oldest first; or one page of it, searched, filtered and sorted',
    description: `Without query parameters: every tool, from memory. ${ETAG_NOTE} ${PAGING_NOTE}`,
    query: toolListQuery,
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
    summary: 'Delete a tool (admin): archived when an order names it, deleted otherwise',
    description:
      'A tool that any order names is archived (hidden from the shop, its orders intact, restorable); ' +
      'one no order names is deleted. Either way the answer is { deletedCount: 1 }.',
    params: idParams,
    response: { status: 200, schema: deletedCountResponse },
    errors: [404],
  },
  'PATCH /tool/:id': {
    access: 'admin',
    tags: ['tools'],
    summary:
      'Edit a tool (admin): name, description, unit price, minimum order, picture, low-stock threshold',
    params: idParams,
    body: updateToolBody,
    response: { status: 200, schema: toolSchema },
    errors: [404],
  },
  'GET /archived-tool': {
    access: 'admin',
    tags: ['tools'],
    summary: 'Archived tools, most recently archived first (admin)',
    response: { status: 200, schema: z.array(archivedToolSchema) },
  },
  'POST /archived-tool/:id/restore': {
    access: 'admin',
    tags: ['tools'],
    summary: 'Put an archived tool back in the shop (admin)',
    params: idParams,
    response: { status: 200, schema: modifiedCountResponse },
    errors: [404],
  },
  ...stockRoutes,
});
