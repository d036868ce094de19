import { z } from 'zod';
import { defineRoutes } from '../api/define';
import { idParams, noControlCharacters } from '../fields';
import { pageQuery } from './list-query';

const MAX_STOCK_CHANGE = 1_000_000;

/** What moved a tool's stock (docs/behaviour.md §3.11). */
export const STOCK_MOVEMENT_KINDS = [
  'initial',
  'restock',
  'adjustment',
  'order-reservation',
  'cancellation-release',
] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

export const stockMovementSchema = z.object({
  _id: z.string(),
  kind: z.enum(STOCK_MOVEMENT_KINDS),
  /** Units added (positive) or taken (negative). */
  delta: z.number().int(),
  /** The stock right after this movement. */
  stockAfter: z.number().int(),
  note: z.string().nullable(),
  /** Who moved it: the admin, or the customer whose order reserved or released it. */
  actorEmail: z.string().nullable(),
  orderId: z.string().nullable(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const stockMovementListSchema = z.object({
  toolName: z.string(),
  availableQuantity: z.number().int(),
  /** One page, newest first. */
  movements: z.array(stockMovementSchema),
});

const stockNote = (label: string, typeMessage: string) =>
  z.string({ error: typeMessage }).trim().max(500, `${label} must be 500 characters or fewer`);

export const RESTOCK_QUANTITY_MESSAGE = 'Enter how many units arrived (a whole number of at least 1)';
export const ADJUSTMENT_REASON_REQUIRED = 'Give a reason for the adjustment';
export const ADJUSTMENT_DELTA_MESSAGE = 'Enter the change in units, for example -3 or 5 (not 0)';

/** A restock adds units; its note (a delivery or batch reference) is optional. */
export const restockBody = z.strictObject({
  quantity: z
    .number({ error: RESTOCK_QUANTITY_MESSAGE })
    .int(RESTOCK_QUANTITY_MESSAGE)
    .min(1, RESTOCK_QUANTITY_MESSAGE)
    .max(MAX_STOCK_CHANGE, `A restock must be at most ${MAX_STOCK_CHANGE.toLocaleString('en-US')} units`),
  note: noControlCharacters(stockNote('Note', 'Note must be text')).optional(),
});
export type RestockBody = z.infer<typeof restockBody>;

/** An adjustment corrects the count either way and always says why (a stock-take, breakage). */
export const stockAdjustmentBody = z.strictObject({
  delta: z
    .number({ error: ADJUSTMENT_DELTA_MESSAGE })
    .int(ADJUSTMENT_DELTA_MESSAGE)
    .min(-MAX_STOCK_CHANGE, ADJUSTMENT_DELTA_MESSAGE)
    .max(MAX_STOCK_CHANGE, ADJUSTMENT_DELTA_MESSAGE)
    .refine((delta) => delta !== 0, ADJUSTMENT_DELTA_MESSAGE),
  reason: noControlCharacters(
    stockNote('Reason', ADJUSTMENT_REASON_REQUIRED).min(1, ADJUSTMENT_REASON_REQUIRED),
  ),
});
export type StockAdjustmentBody = z.infer<typeof stockAdjustmentBody>;

const stockChangeResponse = z.object({ availableQuantity: z.number().int(), movement: stockMovementSchema });

export const stockRoutes = defineRoutes({
  'POST /tool/:id/restock': {
    access: 'admin',
    tags: ['stock'],
    summary: 'Add units to a tool (admin); recorded in its stock ledger',
    params: idParams,
    body: restockBody,
    response: { status: 201, schema: stockChangeResponse },
    errors: [404],
  },
  'POST /tool/:id/stock-adjustment': {
    access: 'admin',
    tags: ['stock'],
    summary: 'Correct a tool stock up or down with a reason (admin); never below zero',
    params: idParams,
    body: stockAdjustmentBody,
    response: { status: 201, schema: stockChangeResponse },
    errors: [404, 409],
  },
  'GET /tool/:id/stock-movements': {
    access: 'admin',
    tags: ['stock'],
    summary: "A tool's stock ledger, newest first, a page at a time (admin)",
    description:
      'Always one page: the tool, its stock now, and at most `limit` movements (default 24, 1 to ' +
      '100); when more follow, a `Link: <…>; rel="next"` header with the next page\'s address (its ' +
      '`cursor`).',
    params: idParams,
    query: pageQuery,
    response: { status: 200, schema: stockMovementListSchema },
    errors: [404],
  },
});
