import { z } from 'zod';
import { defineRoutes } from '../api/define';
import { copy } from '../copy';
import { idParams, noControlCharacters, phoneField, reasonField, text } from '../fields';
import { deletedCountResponse, insertedIdResponse, modifiedCountResponse } from './common';
import { PAGING_NOTE } from './list-query';
import { adminOrdersQuery } from './receipts';
import { APPROVAL_STATES, ORDER_EVENT_KINDS, ORDER_STATES } from '../order-states';
import { shippingAddressSchema } from './addresses';
import { taxLineSchema } from './tax';

/**
 * The order request. `toolsName`, `name`, `email` and `price` are accepted for compatibility
 * and never trusted (docs/behaviour.md §12.8): the server uses the tool's name, the account's name and
 * e-mail, and the price it computes (docs/decisions/0004-server-decided-fields.md).
 */
export const createOrderBody = z.strictObject({
  toolsId: noControlCharacters(
    z.string({ error: 'toolsId is required' }).min(1, 'toolsId is required').max(100),
  ),
  toolsName: text({ max: 200 }).optional(),
  name: text({ max: 200 }).optional(),
  email: text({ max: 254 }).optional(),
  price: z.number().optional(),
  phoneNumber: phoneField(copy.purchaseFillForm),
  address: noControlCharacters(
    z
      .string({ error: copy.purchaseFillForm })
      .trim()
      .min(1, copy.purchaseFillForm)
      .max(500, 'Address must be 500 characters or fewer'),
    { multiline: true },
  ),
  quantity: z
    .number({ error: copy.purchaseFillForm })
    .int('Quantity must be a whole number')
    .positive(copy.belowMinimumOrder)
    .max(1_000_000, copy.aboveStock),
});
export type CreateOrderBody = z.infer<typeof createOrderBody>;

/**
 * An order as read back, in dollars. `price` is what the customer pays: the items (quantity x
 * the unit price of the rung reached) plus shipping, the same as `total`; `itemsTotal` and
 * `shipping` are its two parts (docs/behaviour.md §5.4, docs/decisions/0025-order-price-is-what-is-charged.md).
 */
export const orderSchema = z.object({
  _id: z.string(),
  toolsId: z.string().nullable(),
  toolsName: z.string(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  quantity: z.number().int(),
  /** The one line's unit price; null for an order of several lines (each has its own, `lines`). */
  unitPrice: z.number().nullable(),
  price: z.number(),
  itemsTotal: z.number(),
  shipping: z.number(),
  /** The tax frozen on the order (its taxLines say where and why); 0 for orders before tax. */
  tax: z.number(),
  total: z.number(),
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  ship: z.boolean(),
  createdAt: z.string(),
  // Around the spec's fields (docs/behaviour.md §5.5): where the order is now, and how it ships.
  state: z.enum(ORDER_STATES),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  // Checkout (docs/behaviour.md §5.18): how many lines, the buyer's purchase order number and
  // note, and the address as it was when ordered (null for an order placed with a typed address).
  lineCount: z.number().int(),
  poNumber: z.string().nullable(),
  note: z.string().nullable(),
  shippingAddress: shippingAddressSchema.nullable(),
  // Trade accounts (docs/behaviour.md §5.21): the company whose member placed it (null: none),
  // the one who placed it, and an approval when it went over the buyer's limit (null: none
  // needed); the reason is the company admin's when declined.
  companyId: z.string().nullable(),
  placedBy: z.object({ id: z.string(), name: z.string() }),
  approvalState: z.enum(APPROVAL_STATES).nullable(),
  approvalReason: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** One line of an order: a tool, how many, at what unit price (the rung reached when ordered). */
export const orderLineSchema = z.object({
  toolId: z.string().nullable(),
  toolName: z.string(),
  /** The tool's SKU when ordered; null on lines from before SKUs (docs/behaviour.md §3.14). */
  sku: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  lineTotal: z.number(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** One order with its lines: what the order page, the payment page and receipts show. */
export const orderDetailSchema = orderSchema.extend({
  lines: z.array(orderLineSchema),
  /** Empty for orders placed before tax (docs/behaviour.md §5.22). */
  taxLines: z.array(taxLineSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;
export const orderListSchema = z.array(orderSchema);

/**
 * GET /my-order: the spec's `email` (the caller's own); a company member sees the company's
 * orders, `placedBy` narrowing them to one member's (docs/behaviour.md §4.19).
 */
export const myOrdersQuery = z.strictObject({
  email: text({ max: 254 }).optional(),
  placedBy: text({ max: 100 }).optional(),
});

/** PATCH /order/{id}, sent after the card payment succeeded: `tools` is the order id. */
export const markOrderPaidBody = z.strictObject({
  tools: noControlCharacters(z.string({ error: 'tools is required' }).min(1, 'tools is required').max(100)),
  transactionId: noControlCharacters(
    z
      .string({ error: 'transactionId is required' })
      .min(1, 'transactionId is required')
      .max(255, 'transactionId must be 255 characters or fewer'),
  ),
});
export type MarkOrderPaidBody = z.infer<typeof markOrderPaidBody>;

/** PATCH /shipping-order/{id}: optional carrier and tracking number, shown to the customer (§5.9). */
export const shipOrderBody = z
  .strictObject({
    carrier: noControlCharacters(
      z.string().trim().max(100, 'Carrier must be 100 characters or fewer'),
    ).optional(),
    trackingNumber: noControlCharacters(
      z.string().trim().max(100, 'Tracking number must be 100 characters or fewer'),
    ).optional(),
  })
  .nullish();
export type ShipOrderBody = z.infer<typeof shipOrderBody>;

/** One change of an order, as its timeline shows it (docs/behaviour.md §5.6). */
export const orderEventSchema = z.object({
  kind: z.enum(ORDER_EVENT_KINDS),
  at: z.string(),
  actor: z.enum(['customer', 'admin', 'system']),
  /** The admin's or customer's e-mail: for admins only (a customer sees 'the shop'). */
  actorEmail: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderTimelineSchema = z.object({ order: orderDetailSchema, events: z.array(orderEventSchema) });

/** POST /order/{id}/decline-approval: the company admin's reason, told to the buyer (§5.21). */
export const declineApprovalBody = z.strictObject({ reason: reasonField });

export const orderRoutes = defineRoutes({
  'POST /order': {
    access: 'signed-in',
    rateLimit: 'orders',
    tags: ['orders'],
    summary: 'Place an order; name, e-mail, tool name and price are decided by the server',
    body: createOrderBody,
    response: { status: 201, schema: insertedIdResponse },
    errors: [404, 409],
  },
  'GET /my-order': {
    access: 'signed-in',
    tags: ['orders'],
    summary: "The caller's own orders, newest first; another e-mail is refused",
    query: myOrdersQuery,
    response: { status: 200, schema: orderListSchema },
    errors: [403],
  },
  'GET /order': {
    access: 'admin',
    tags: ['orders'],
    summary:
      'Every order, newest first (admin); or one page, filtered by state and searched by customer name or e-mail',
    description: PAGING_NOTE,
    query: adminOrdersQuery,
    response: { status: 200, schema: orderListSchema },
  },
  'GET /order/:id': {
    access: 'signed-in',
    tags: ['orders'],
    summary: 'One order with its lines, for its owner or an admin',
    params: idParams,
    response: { status: 200, schema: orderDetailSchema },
    errors: [403, 404],
  },
  'DELETE /order/:id': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['orders'],
    summary: "Cancel one's own unpaid order; its quantity goes back to stock",
    params: idParams,
    response: { status: 200, schema: deletedCountResponse },
    errors: [403, 404, 409],
  },
  'PATCH /order/:id': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['orders', 'payments'],
    summary: 'Mark an order paid, once the payment provider confirms the payment',
    description:
      'The payment must have succeeded, for this order, for exactly its price, and paid no other order.',
    params: idParams,
    body: markOrderPaidBody,
    response: { status: 200, schema: modifiedCountResponse },
    errors: [403, 404, 409, 503],
  },
  'PATCH /shipping-order/:id': {
    access: 'admin',
    tags: ['orders'],
    summary: 'Mark a paid order as shipped (admin), with an optional carrier and tracking number',
    params: idParams,
    body: shipOrderBody,
    response: { status: 200, schema: modifiedCountResponse },
    errors: [404, 409],
  },
  'GET /order/:id/timeline': {
    access: 'signed-in',
    tags: ['orders'],
    summary: 'One order with its events, oldest first, for its owner or an admin',
    params: idParams,
    response: { status: 200, schema: orderTimelineSchema },
    errors: [404],
  },
  'POST /order/:id/cancel': {
    access: 'admin',
    tags: ['orders', 'payments'],
    summary: 'Cancel any unshipped order (admin); a paid one is refunded through the payment provider',
    description:
      'Unpaid: cancelled and its stock returned. Paid: refunded in full (once, however often it is asked), then its stock returned.',
    params: idParams,
    response: { status: 200, schema: orderDetailSchema },
    errors: [404, 409, 503],
  },
  'POST /order/:id/approve': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['orders', 'companies'],
    summary: "Approve a buyer's order awaiting approval (the company's admins): it goes on to payment",
    description: '409 when it no longer awaits approval (another admin decided it, or it was cancelled).',
    params: idParams,
    response: { status: 200, schema: orderDetailSchema },
    errors: [403, 404, 409],
  },
  'POST /order/:id/decline-approval': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['orders', 'companies'],
    summary:
      "Decline a buyer's order awaiting approval, with a reason (the company's admins): it is cancelled and its stock returned",
    description: '409 when it no longer awaits approval.',
    params: idParams,
    body: declineApprovalBody,
    response: { status: 200, schema: orderDetailSchema },
    errors: [403, 404, 409],
  },
});
