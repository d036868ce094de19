import { z } from 'zod';
import { defineRoutes } from '../api/define';
import { idParams } from '../fields';
import { ORDER_STATES } from '../order-states';
import { adminListQuery, searchField } from './list-query';
import { taxLineSchema } from './tax';

/** `state`: one of the states Total Orders filters by (docs/behaviour.md §5.15). */
export const orderStateField = z.enum(ORDER_STATES, {
  error: `state must be one of: ${ORDER_STATES.join(', ')}`,
});

/** GET /order's page query: the admin list's search and paging, and a state. */
export const adminOrdersQuery = adminListQuery.extend({ state: orderStateField.optional() });
export type AdminOrdersQuery = z.output<typeof adminOrdersQuery>;

/** The export takes the filter of the screen, not its page: every matching order. */
export const orderExportQuery = z.strictObject({
  state: orderStateField.optional(),
  q: searchField.optional(),
});
export type OrderExportQuery = z.output<typeof orderExportQuery>;

/** A paid order's receipt (docs/behaviour.md §5.16), money in dollars, times as ISO 8601. */
export const receiptSchema = z.object({
  orderId: z.string(),
  /** Who sold it: the shop's name and postal address. */
  shop: z.object({ name: z.string(), addressLines: z.array(z.string()), email: z.string() }),
  placedAt: z.string(),
  paidAt: z.string().nullable(),
  customer: z.object({
    name: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    address: z.string(),
  }),
  items: z.array(
    z.object({
      tool: z.string(),
      /** Null on lines ordered before SKUs existed. */
      sku: z.string().nullable(),
      quantity: z.number().int(),
      unitPrice: z.number(),
      amount: z.number(),
    }),
  ),
  itemsTotal: z.number(),
  shipping: z.number(),
  tax: z.number(),
  /** Where and why the tax is what it is (docs/behaviour.md §5.22); empty for orders before tax. */
  taxLines: z.array(taxLineSchema),
  total: z.number(),
  transactionId: z.string(),
  /** The buyer's purchase order number and note, when the checkout gave them (§5.18). */
  poNumber: z.string().nullable(),
  note: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptRoutes = defineRoutes({
  'GET /order/:id/receipt': {
    access: 'signed-in',
    tags: ['orders'],
    summary: "A paid order's receipt, for its customer or an admin",
    description:
      "Another customer's order answers 404, as an unknown one; an order that is not paid yet answers 409.",
    params: idParams,
    response: { status: 200, schema: receiptSchema },
    errors: [404, 409],
  },
  'GET /order/:id/receipt/pdf': {
    access: 'signed-in',
    tags: ['orders'],
    summary: "A paid order's receipt as a PDF, for its customer or an admin",
    description:
      'application/pdf, as an attachment named receipt-{the first 8 characters of the id}.pdf: the ' +
      "receipt's content with the shop's details from configuration. " +
      "Another customer's order answers 404, as an unknown one; an order that is not paid yet answers 409.",
    params: idParams,
    response: { status: 200, mediaType: 'application/pdf' },
    errors: [404, 409],
  },
  'GET /order-export': {
    access: 'admin',
    tags: ['orders'],
    summary: 'Every order of the filter as CSV, newest first (admin)',
    description:
      'text/csv (UTF-8 with a byte order mark), a header row then one row per line of each order ' +
      '(an order of three tools is three rows with its id), streamed. ' +
      'A cell that starts with =, +, -, @, a tab or a carriage return gets a leading apostrophe, ' +
      'so no spreadsheet reads it as a formula.',
    query: orderExportQuery,
    response: { status: 200, mediaType: 'text/csv' },
  },
});
