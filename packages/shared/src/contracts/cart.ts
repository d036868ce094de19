import { z } from 'zod';
import { invoiceSchema, PAYMENT_METHODS } from './invoices';
import { cartTaxQuery, cartTaxSchema } from './tax';
import { defineRoutes } from '../api/define';
import { idParams, noControlCharacters, text } from '../fields';
import { MAX_QUICK_ORDER_QUANTITY, MAX_QUICK_ORDER_ROWS } from '../quick-order-text';
import { orderDetailSchema } from './orders';

/** The most lines one cart may hold (docs/behaviour.md §5.18). */
export const MAX_CART_LINES = 200;

const toolIdField = noControlCharacters(
  z.string({ error: 'toolId is required' }).min(1, 'toolId is required').max(100),
);

/** PUT /cart/lines: the quantity each tool should have in the cart; 0 takes it out. */
export const setCartLinesBody = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        toolId: toolIdField,
        quantity: z
          .number({ error: 'Quantity must be a whole number' })
          .int('Quantity must be a whole number')
          .min(0, 'Quantity must be 0 (to remove) or more')
          .max(1_000_000, 'Quantity must be at most 1,000,000'),
      }),
    )
    .min(1, 'Send at least one line')
    .max(MAX_CART_LINES, `Send at most ${MAX_CART_LINES} lines at once`)
    .refine(
      (lines) => new Set(lines.map((line) => line.toolId)).size === lines.length,
      'Name each tool once per request',
    ),
});
export type SetCartLinesBody = z.input<typeof setCartLinesBody>;

const rungSchema = z.object({ fromQuantity: z.number().int(), unitPrice: z.number() });

/** Why a line cannot be ordered as it stands (the stock fell since it was added, the tool left the shop). */
const lineProblemSchema = z.object({
  code: z.string(),
  message: z.string(),
  /** The valid quantities next to the line's, when another quantity would fix it ([] when none would). */
  nearest: z.array(z.number().int()),
});

/** One line of the cart, priced now from its tool's row: prices are computed, never sent. */
export const cartLineSchema = z.object({
  toolId: z.string(),
  name: z.string(),
  /** The tool's part number, as buyers order by it (docs/behaviour.md §5.19). */
  sku: z.string(),
  img: z.string(),
  quantity: z.number().int(),
  /** The unit price of the rung the quantity reaches, and that rung (null: the base price). */
  unitPrice: z.number(),
  rung: rungSchema.nullable(),
  /** The next rung when it is near: 'add 40 more for $8.10 each'. */
  nextRung: z.object({ addQuantity: z.number().int(), unitPrice: z.number() }).nullable(),
  lineTotal: z.number(),
  minOrderQuantity: z.number().int(),
  packSize: z.number().int(),
  maxOrderQuantity: z.number().int().nullable(),
  availableQuantity: z.number().int(),
  problem: lineProblemSchema.nullable(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartSchema = z.object({
  lines: z.array(cartLineSchema),
  itemsTotal: z.number(),
  shipping: z.number(),
  total: z.number(),
  /** FREE_SHIPPING_OVER in dollars, or null when shipping is never free. */
  freeShippingOver: z.number().nullable(),
  /** ORDER_MINIMUM in dollars and how much is missing to reach it (0 when reached), or null. */
  orderMinimum: z.object({ minimum: z.number(), shortfall: z.number() }).nullable(),
  /** Every line can be ordered as it stands and the minimum is reached. */
  canCheckOut: z.boolean(),
});
export type Cart = z.infer<typeof cartSchema>;

/** What became of each line sent, in the order sent. */
export const cartLineResultSchema = z.discriminatedUnion('status', [
  z.object({ toolId: z.string(), status: z.literal('ok') }),
  z.object({
    toolId: z.string(),
    status: z.literal('refused'),
    code: z.string(),
    message: z.string(),
    /** For a quantity that breaks a rule: the valid quantities next to it. */
    nearest: z.array(z.number().int()),
  }),
]);
export type CartLineResult = z.infer<typeof cartLineResultSchema>;

export const setCartLinesResponse = z.object({ cart: cartSchema, results: z.array(cartLineResultSchema) });

/** POST /checkout: the cart as it is becomes one order, to an address of the book. */
export const checkoutBody = z.strictObject({
  addressId: noControlCharacters(
    z.string({ error: 'Choose an address' }).min(1, 'Choose an address').max(100),
  ).describe('an address of the caller'),
  poNumber: text({ max: 50 })
    .trim()
    .optional()
    .transform((value) => value || null),
  note: text({ max: 500, multiline: true })
    .trim()
    .optional()
    .transform((value) => value || null),
  /** By card (the payment page follows) or by invoice on the company's terms (§5.23). */
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Pay by card or by invoice' }).default('card'),
});
export type CheckoutBody = z.input<typeof checkoutBody>;

/** The key that makes a retried checkout find the order the first one made (8 to 100 characters). */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string({ error: 'Send an Idempotency-Key header' })
    .regex(/^[\w-]{8,100}$/, 'Idempotency-Key must be 8 to 100 letters, digits, - or _'),
});

export const checkoutResponse = z.object({
  insertedId: z.string(),
  order: orderDetailSchema,
  /** The order's invoice when paid by invoice; null otherwise (or while it awaits approval). */
  invoice: invoiceSchema.nullable(),
});

/** POST /cart/quick-add (and its check): rows of SKU and quantity, as the quick-order pad reads them. */
export const quickAddBody = z.strictObject({
  rows: z
    .array(
      z.strictObject({
        // Text, never a number: '007' is not 7. Any text: one that is no tool's is refused by its row.
        sku: noControlCharacters(
          z.string({ error: 'SKU must be text' }).trim().min(1, 'SKU is required').max(100),
        ),
        quantity: z
          .number({ error: 'Quantity must be a whole number' })
          .int('Quantity must be a whole number')
          .min(1, 'Quantity must be at least 1')
          .max(MAX_QUICK_ORDER_QUANTITY, 'Quantity must be at most 1,000,000'),
      }),
    )
    .min(1, 'Send at least one row')
    .max(MAX_QUICK_ORDER_ROWS, `At most ${MAX_QUICK_ORDER_ROWS} rows at a time`),
});
export type QuickAddBody = z.input<typeof quickAddBody>;

/**
 * What became, or would become, of one row sent to the cart (a quick-order row, an order's line
 * to order again, a saved list's line), in the order sent (docs/behaviour.md §5.19).
 */
export const cartAdditionSchema = z.object({
  /** The row's place in what was sent, from 0. */
  index: z.number().int(),
  sku: z.string().nullable(),
  toolId: z.string().nullable(),
  name: z.string().nullable(),
  /** The quantity added, or asked for; on the first row of a SKU sent twice, the rows' sum. */
  quantity: z.number().int(),
  /** ok: added (or, when checking, would be); merged: added with an earlier row of its tool. */
  status: z.enum(['ok', 'refused', 'merged']),
  /** Why it was refused: unknown-sku, not-found (no longer in the shop), cart-full or a quantity rule's code. */
  code: z.string().nullable(),
  message: z.string().nullable(),
  /** For a quantity that breaks a rule: the quantities to add that would not. */
  nearest: z.array(z.number().int()),
  /** What the cart holds (or would hold) of the tool after it. */
  cartQuantity: z.number().int().nullable(),
  /** A merged row: the index of the row it was added with. */
  mergedInto: z.number().int().nullable(),
  /** Ordering again: the unit price was one thing then and is another now. */
  priceChange: z.object({ was: z.number(), now: z.number() }).nullable(),
});
export type CartAddition = z.infer<typeof cartAdditionSchema>;

export const cartAdditionsResponse = z.object({
  cart: cartSchema,
  results: z.array(cartAdditionSchema),
  /** How many rows went into the cart (or would). */
  addedCount: z.number().int(),
});
export type CartAdditionsResponse = z.infer<typeof cartAdditionsResponse>;

/** An optional Idempotency-Key: sent, the same key again changes nothing and answers the same. */
export const optionalIdempotencyHeaders = z.looseObject({
  'idempotency-key': idempotencyHeaders.shape['idempotency-key'].optional(),
});

export const cartRoutes = defineRoutes({
  'GET /cart': {
    access: 'signed-in',
    tags: ['cart'],
    summary: "The caller's cart, each line priced from its tool as it is now",
    response: { status: 200, schema: cartSchema },
  },
  'PUT /cart/lines': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['cart'],
    summary: 'Set the quantity of one or more tools in the cart (0 removes); a result per line sent',
    description:
      "Each line is checked on the quantity it ends up with against its tool's rules (minimum, pack, " +
      `maximum, stock, in the shop); a refused one is left as it was, never rounded. At most ${MAX_CART_LINES} lines.`,
    body: setCartLinesBody,
    response: { status: 200, schema: setCartLinesResponse },
  },
  'GET /cart/tax': {
    access: 'signed-in',
    tags: ['tax', 'cart'],
    summary: 'The tax your cart would pay shipped to one of your (or your company’s) addresses',
    description: '503 when tax cannot be worked out now: checkout would be refused too, never taxed at zero.',
    query: cartTaxQuery,
    response: { status: 200, schema: cartTaxSchema },
    errors: [404, 503],
  },
  'POST /checkout': {
    access: 'signed-in',
    rateLimit: 'orders',
    tags: ['cart', 'orders'],
    summary: 'Turn the cart into one unpaid order, all lines or none',
    description:
      'Needs an Idempotency-Key header: the same key again answers the order it made. The cart ' +
      'is emptied when, and only when, the order exists.',
    headers: idempotencyHeaders,
    body: checkoutBody,
    response: { status: 201, schema: checkoutResponse },
    errors: [404, 409],
  },
  'POST /cart/quick-add/check': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['cart'],
    summary: 'What adding these SKU rows to the cart would do, row by row; the cart is not changed',
    description:
      'The quick-order pad shows this before anything is added: each row valid, merged with an ' +
      'earlier row of its SKU, or refused with its reason and the nearest valid quantities.',
    body: quickAddBody,
    response: { status: 200, schema: cartAdditionsResponse },
  },
  'POST /cart/quick-add': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['cart'],
    summary: 'Add rows of SKU and quantity to the cart; a result per row, in the order sent',
    description:
      'Every row is checked and the valid ones are added in one transaction; a refused row never ' +
      'keeps the others out. A row for a tool already in the cart is checked on the quantity the ' +
      'line ends up with. Needs an Idempotency-Key header: the same key again changes nothing ' +
      `and answers the same results. At most ${MAX_QUICK_ORDER_ROWS} rows.`,
    headers: idempotencyHeaders,
    body: quickAddBody,
    response: { status: 200, schema: cartAdditionsResponse },
    errors: [409],
  },
  'POST /order/:id/reorder': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['cart', 'orders'],
    summary: "Put an order's lines into the cart again, at today's prices and rules",
    description:
      'Each line is checked as a quick-order row is; a line whose unit price changed says what it ' +
      'was and is; a tool no longer in the shop is refused and skipped. The PO number is not ' +
      "copied. Another account's order is 404. An optional Idempotency-Key makes a retry add once.",
    params: idParams,
    headers: optionalIdempotencyHeaders,
    response: { status: 200, schema: cartAdditionsResponse },
    errors: [404, 409],
  },
});
