import { z } from 'zod';
import { copy } from '../copy';
import { phoneField } from '../fields';

/**
 * The spec's order request. `toolsName`, `name`, `email` and `price` are accepted for
 * compatibility and never trusted: the server uses the tool's name, the account's name and
 * e-mail, and the price it computes (docs/decisions/0004-server-decided-fields.md).
 */
export const createOrderBody = z.strictObject({
  toolsId: z.string({ error: 'toolsId is required' }).min(1, 'toolsId is required').max(100),
  toolsName: z.string().max(200).optional(),
  name: z.string().max(200).optional(),
  email: z.string().max(254).optional(),
  price: z.number().optional(),
  phoneNumber: phoneField(copy.purchaseFillForm),
  address: z
    .string({ error: copy.purchaseFillForm })
    .trim()
    .min(1, copy.purchaseFillForm)
    .max(500, 'Address must be 500 characters or fewer'),
  quantity: z
    .number({ error: copy.purchaseFillForm })
    .int('Quantity must be a whole number')
    .positive(copy.belowMinimumOrder)
    .max(1_000_000, copy.aboveStock),
});
export type CreateOrderBody = z.infer<typeof createOrderBody>;

/** An order as read back; `price` is the order's total in dollars. */
export const orderSchema = z.object({
  _id: z.string(),
  toolsId: z.string().nullable(),
  toolsName: z.string(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  price: z.number(),
  paid: z.boolean(),
  transactionId: z.string().nullable(),
  ship: z.boolean(),
  createdAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.array(orderSchema);

export const myOrdersQuery = z.strictObject({ email: z.string().max(254).optional() });
