import { z } from 'zod';
import { defineRoutes } from '../api/define';
import { noControlCharacters, text } from '../fields';
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
});
export type CheckoutBody = z.input<typeof checkoutBody>;

/** The key that makes a retried checkout find the order the first one made (8 to 100 characters). */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string({ error: 'Send an Idempotency-Key header' })
    .regex(/^[\w-]{8,100}$/, 'Idempotency-Key must be 8 to 100 letters, digits, - or _'),
});

export const checkoutResponse = z.object({ insertedId: z.string(), order: orderDetailSchema });

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
});
