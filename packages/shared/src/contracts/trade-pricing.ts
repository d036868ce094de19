import { z } from 'zod';
import { defineRoutes } from '../api/define';
import { dollarsField, priceBreakSchema } from '../fields';
import { dollarsToCents } from '../money';
import { DEFAULT_SHIP_PRICE_CENTS, MAX_PRICE_BREAKS, validateLadder } from '../pricing';

/**
 * The trade-pricing fields of a tool (docs/behaviour.md §3.7): on the wire in dollars like the
 * unit price, inside in cents (pricing.ts).
 */
const MAX_QUANTITY = 1_000_000;
const wholeNumber = (label: string, min: number) =>
  z
    .number({ error: `${label} is required` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(MAX_QUANTITY, `${label} must be at most ${MAX_QUANTITY.toLocaleString('en-US')}`);

export type PriceBreakWire = z.infer<typeof priceBreakSchema>;

/** What GET /tool answers besides the spec's fields. */
export const tradeToolFields = {
  /** Sold in packs of this many; 1 means any quantity. */
  packSize: z.number().int(),
  /** The most one order may hold, or null for no limit but the stock. */
  maxOrderQuantity: z.number().int().nullable(),
  /** Charged once per order, in dollars. */
  shipPrice: z.number(),
  /** Rungs by increasing quantity: from `fromQuantity` units on, each costs `unitPrice` dollars. */
  priceBreaks: z.array(priceBreakSchema),
};

/** The trade-pricing fields as a request names them, each with its rule and message. */
const tradeFieldRules = {
  packSize: wholeNumber('Pack size', 1),
  maxOrderQuantity: wholeNumber('Maximum per order', 1).nullable(),
  shipPrice: dollarsField('Ship price', { min: 0 }),
  priceBreaks: z
    .array(
      z.strictObject({
        fromQuantity: wholeNumber('Quantity', 2),
        unitPrice: dollarsField('Price', { min: 0.01 }),
      }),
    )
    .max(MAX_PRICE_BREAKS, `At most ${MAX_PRICE_BREAKS} price breaks`),
};

/** What POST /tool takes besides the spec's fields; all optional, with the defaults of §3.7. */
export const tradeFields = {
  packSize: tradeFieldRules.packSize.default(1),
  maxOrderQuantity: tradeFieldRules.maxOrderQuantity.default(null),
  shipPrice: tradeFieldRules.shipPrice.default(DEFAULT_SHIP_PRICE_CENTS / 100),
  priceBreaks: tradeFieldRules.priceBreaks.default([]),
};

/** What PATCH /tool/:id takes of them: each optional, and what is left out stays as it is. */
export const tradeEditFields = {
  packSize: tradeFieldRules.packSize.optional(),
  maxOrderQuantity: tradeFieldRules.maxOrderQuantity.optional(),
  shipPrice: tradeFieldRules.shipPrice.optional(),
  priceBreaks: tradeFieldRules.priceBreaks.optional(),
};

interface TradeToolInput {
  orderQuantity: number;
  perPartsPrice: number;
  packSize: number;
  maxOrderQuantity: number | null;
  priceBreaks: { fromQuantity: number; unitPrice: number }[];
}

/** One problem across fields, with the path of the field to show it beside. */
export interface TradeToolProblem {
  path: (string | number)[];
  message: string;
}

/** The rules across fields: whole packs from the minimum on, a maximum not below it, the ladder's. */
export function tradeToolProblems(tool: TradeToolInput): TradeToolProblem[] {
  const problems: TradeToolProblem[] = [];
  if (tool.orderQuantity % tool.packSize !== 0) {
    problems.push({
      path: ['orderQuantity'],
      message: `Minimum order quantity must be a whole number of packs of ${tool.packSize}`,
    });
  }
  if (tool.maxOrderQuantity !== null && tool.maxOrderQuantity < tool.orderQuantity) {
    problems.push({
      path: ['maxOrderQuantity'],
      message: 'Maximum per order must be at least the minimum order quantity',
    });
  }
  const ladder = tool.priceBreaks.map((rung) => ({
    fromQuantity: rung.fromQuantity,
    unitPriceCents: dollarsToCents(rung.unitPrice),
  }));
  const issues = validateLadder(
    {
      unitPriceCents: dollarsToCents(tool.perPartsPrice),
      minOrderQuantity: tool.orderQuantity,
      maxOrderQuantity: tool.maxOrderQuantity,
    },
    ladder,
  );
  for (const issue of issues) {
    problems.push({ path: ['priceBreaks', issue.index, issue.field], message: issue.message });
  }
  return problems;
}

/** tradeToolProblems as a zod refinement of the tool request. */
export function tradeToolIssues(tool: TradeToolInput, ctx: z.RefinementCtx): void {
  for (const { path, message } of tradeToolProblems(tool)) ctx.addIssue({ code: 'custom', path, message });
}

/** The shop-wide rules the purchase page explains (ORDER_MINIMUM; docs/behaviour.md §5.3). */
export const orderRulesResponse = z.object({
  /** The least value of tools one order may hold, in dollars, before shipping; null: none. */
  orderMinimum: z.number().nullable(),
  /** Orders whose tools are worth this much ship free, in dollars; null: shipping is always charged. */
  freeShippingOver: z.number().nullable(),
});

export const tradePricingRoutes = defineRoutes({
  'GET /order-rules': {
    access: 'public',
    tags: ['orders'],
    summary: 'The shop-wide order rules: the minimum order value and free shipping, if any',
    response: { status: 200, schema: orderRulesResponse },
  },
});
