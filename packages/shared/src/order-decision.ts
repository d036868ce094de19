import { copy } from './copy';
import {
  appliedRung,
  maximumQuantityMessage,
  orderMinimumMessage,
  packMultipleMessage,
  quantityProblem,
  shippingFor,
  type OrderPrice,
  type PriceBreak,
  type PricingRules,
  type QuantityProblem,
  type QuantityRules,
} from './pricing';
import { taxCents, type TaxRule } from './tax';

/** A tool's rules as an order meets them: what may be ordered, and at what price. */
export type OrderRules = QuantityRules & PricingRules;

/** What limits an order beyond its tools (configuration, the customer's open orders). */
export interface OrderLimits {
  /** ORDER_MINIMUM in cents, counted on the items before shipping; 0 for none. */
  orderMinimumCents: number;
  /** The most one order may total, shipping included (MAX_ORDER_TOTAL_CENTS). */
  maxTotalCents: number;
  /** FREE_SHIPPING_OVER in cents: items worth this much ship free; 0 or absent: never. */
  freeShippingOverCents?: number;
  /** The order's tax rule (docs/behaviour.md §5.22); absent: no tax, as on a cart without an address. */
  tax?: TaxRule;
  /** The customer's unpaid orders now, and how many they may hold (MAX_OPEN_UNPAID_ORDERS). */
  openUnpaidOrders?: number;
  maxOpenUnpaid?: number;
}

export type OrderRefusal =
  | { code: 'too-many-unpaid'; maxOpenUnpaid: number }
  | QuantityProblem
  | { code: 'below-order-minimum'; minimumCents: number }
  | { code: 'total-too-high' };

/** One line as asked for: its tool's rules and the quantity. */
export interface LineRequest {
  rules: OrderRules;
  quantity: number;
}

/** One line priced: the rung its quantity reaches, and what the line costs. */
export interface LinePrice {
  quantity: number;
  rung: PriceBreak | null;
  unitPriceCents: number;
  lineTotalCents: number;
}

/** What an order of these lines costs (docs/behaviour.md §5.4). */
export interface LinesPrice {
  lines: LinePrice[];
  itemsTotalCents: number;
  shippingCents: number;
  taxCents: number;
  /** Items, shipping and tax. */
  totalCents: number;
}

export type LinesDecision =
  | { refusal: OrderRefusal; lineIndex: number | null; price?: never }
  | { price: LinesPrice; refusal?: never; lineIndex?: never };

export type OrderDecision = { refusal: OrderRefusal; price?: never } | { price: OrderPrice; refusal?: never };

/** A line's price: the unit price of the deepest rung its quantity reaches, times the quantity. */
export function priceLine(rules: PricingRules, quantity: number): LinePrice {
  const rung = appliedRung(rules.priceBreaks, quantity);
  const unitPriceCents = rung?.unitPriceCents ?? rules.unitPriceCents;
  return { quantity, rung, unitPriceCents, lineTotalCents: quantity * unitPriceCents };
}

/** What an order of these lines costs, whether or not it may be placed. */
export function priceLines(
  lines: readonly LineRequest[],
  freeShippingOverCents = 0,
  tax?: TaxRule,
): LinesPrice {
  const priced = lines.map(({ rules, quantity }) => priceLine(rules, quantity));
  const itemsTotalCents = priced.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const shippingCents = shippingFor(
    lines.map(({ rules }) => rules.shipPriceCents),
    itemsTotalCents,
    freeShippingOverCents,
  );
  const taxAmount = tax ? taxCents(tax, itemsTotalCents, shippingCents) : 0;
  return {
    lines: priced,
    itemsTotalCents,
    shippingCents,
    taxCents: taxAmount,
    totalCents: itemsTotalCents + shippingCents + taxAmount,
  };
}

/**
 * Whether an order of these lines may be placed, and what it costs (docs/behaviour.md §5.3): the
 * customer's open orders, then each line in turn against its tool's quantity rules (the first
 * refused line refuses the order and is named by `lineIndex`), then the order minimum on the
 * items, then the cap on the total. The database function place_order decides the same, in the
 * same order, on the tools' locked rows; the order-decision property test (apps/api/test) holds
 * the two to one answer, and the purchase page and the cart ask this.
 */
export function decideLines(lines: readonly LineRequest[], limits: OrderLimits): LinesDecision {
  const { openUnpaidOrders = 0, maxOpenUnpaid = Infinity } = limits;
  if (openUnpaidOrders >= maxOpenUnpaid) {
    return { refusal: { code: 'too-many-unpaid', maxOpenUnpaid }, lineIndex: null };
  }
  for (const [lineIndex, { rules, quantity }] of lines.entries()) {
    const problem = quantityProblem(rules, quantity);
    if (problem) return { refusal: problem, lineIndex };
  }
  const price = priceLines(lines, limits.freeShippingOverCents, limits.tax);
  if (price.itemsTotalCents < limits.orderMinimumCents) {
    return {
      refusal: { code: 'below-order-minimum', minimumCents: limits.orderMinimumCents },
      lineIndex: null,
    };
  }
  if (price.totalCents > limits.maxTotalCents)
    return { refusal: { code: 'total-too-high' }, lineIndex: null };
  return { price };
}

/** The decision for an order of one tool, as the purchase page and `POST /order` make it. */
export function decideOrder(rules: OrderRules, quantity: number, limits: OrderLimits): OrderDecision {
  const decision = decideLines([{ rules, quantity }], limits);
  if (decision.refusal) return { refusal: decision.refusal };
  const [line] = decision.price.lines;
  return {
    price: {
      quantity,
      rung: line!.rung,
      unitPriceCents: line!.unitPriceCents,
      itemsTotalCents: decision.price.itemsTotalCents,
      shippingCents: decision.price.shippingCents,
      totalCents: decision.price.totalCents,
    },
  };
}

/** What a refused order is told: the shop's copy, the same on the purchase page and from the API. */
export function orderRefusalMessage(refusal: OrderRefusal): string {
  switch (refusal.code) {
    case 'too-many-unpaid':
      return `You have ${refusal.maxOpenUnpaid} unpaid orders; pay or cancel one before ordering more`;
    case 'below-minimum-quantity':
      return copy.belowMinimumOrder;
    case 'insufficient-stock':
      return copy.aboveStock;
    case 'above-maximum-quantity':
      return maximumQuantityMessage(refusal.maximum);
    case 'not-a-pack-multiple':
      return packMultipleMessage(refusal.packSize, refusal.nearest);
    case 'below-order-minimum':
      return orderMinimumMessage(refusal.minimumCents);
    case 'total-too-high':
      return copy.orderTotalTooHigh;
  }
}
