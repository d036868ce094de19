/**
 * Trade pricing (docs/behaviour.md §3.7): quantity rules, price breaks and shipping, in integer
 * cents. One pure module for the purchase page and the server, so the page shows exactly what
 * the server charges; the database function place_order applies the same rules to the tool's row
 * inside the order's transaction (apps/api/src/modules/ordering/sql/place-order.sql); the
 * order-decision property test ties the two.
 */
import { formatCount } from './format';
import { centsToDollars, formatDollars, formatUnitPrice } from './money';

/** A price break: from this quantity on, every unit costs this much. */
export interface PriceBreak {
  fromQuantity: number;
  unitPriceCents: number;
}

export interface PricingRules {
  /** The base unit price, below the first rung. */
  unitPriceCents: number;
  /** Rungs by increasing quantity and decreasing price (validateLadder). */
  priceBreaks: readonly PriceBreak[];
  /** Charged once per order. */
  shipPriceCents: number;
}

export interface QuantityRules {
  minOrderQuantity: number;
  /** Sold in packs of this many: an order is a multiple of it (1: any quantity). */
  packSize: number;
  /** The most one order may hold, if the tool sets a limit. */
  maxOrderQuantity: number | null;
  availableQuantity: number;
}

export interface OrderPrice {
  quantity: number;
  /** The deepest rung the quantity reaches, or null for the base price. */
  rung: PriceBreak | null;
  unitPriceCents: number;
  itemsTotalCents: number;
  shippingCents: number;
  totalCents: number;
}

/** Ship price of a tool that sets none (the spec's $25 on every card). */
export const DEFAULT_SHIP_PRICE_CENTS = 2500;
export const MAX_PRICE_BREAKS = 10;

/** The deepest rung `quantity` reaches: the one with the greatest fromQuantity not above it. */
export function appliedRung(priceBreaks: readonly PriceBreak[], quantity: number): PriceBreak | null {
  let deepest: PriceBreak | null = null;
  for (const rung of priceBreaks) {
    if (rung.fromQuantity <= quantity && (deepest === null || rung.fromQuantity > deepest.fromQuantity)) {
      deepest = rung;
    }
  }
  return deepest;
}

/**
 * What an order of `quantity` of one tool costs: the applied unit price times quantity, plus its
 * shipping once, nothing from `freeShippingOverCents` (FREE_SHIPPING_OVER; 0 for never).
 */
export function priceOrder(rules: PricingRules, quantity: number, freeShippingOverCents = 0): OrderPrice {
  const rung = appliedRung(rules.priceBreaks, quantity);
  const unitPriceCents = rung?.unitPriceCents ?? rules.unitPriceCents;
  const itemsTotalCents = quantity * unitPriceCents;
  const shippingCents = shippingFor([rules.shipPriceCents], itemsTotalCents, freeShippingOverCents);
  return {
    quantity,
    rung,
    unitPriceCents,
    itemsTotalCents,
    shippingCents,
    totalCents: itemsTotalCents + shippingCents,
  };
}

/**
 * Shipping, once per order (docs/behaviour.md §5.4): the highest ship price among its tools, so a
 * one-tool order pays its tool's as it always has; nothing once the items reach the free-shipping
 * value.
 */
export function shippingFor(
  shipPricesCents: readonly number[],
  itemsTotalCents: number,
  freeShippingOverCents = 0,
) {
  if (freeShippingOverCents > 0 && itemsTotalCents >= freeShippingOverCents) return 0;
  return Math.max(0, ...shipPricesCents);
}

/** The next rung above `quantity`, and how many more units reach it ('add 40 more to pay $8.10 each'). */
export function nextRung(
  priceBreaks: readonly PriceBreak[],
  quantity: number,
): { rung: PriceBreak; addQuantity: number } | null {
  const above = priceBreaks
    .filter((rung) => rung.fromQuantity > quantity)
    .sort((a, b) => a.fromQuantity - b.fromQuantity)[0];
  return above ? { rung: above, addQuantity: above.fromQuantity - quantity } : null;
}

/** The largest quantity one order may hold now: the stock, or the per-order maximum if lower. */
export function largestOrderQuantity(rules: QuantityRules): number {
  return rules.maxOrderQuantity === null
    ? rules.availableQuantity
    : Math.min(rules.maxOrderQuantity, rules.availableQuantity);
}

/** The valid quantities next to `quantity` that are whole packs: at most one below, one above. */
export function nearestPackQuantities(rules: QuantityRules, quantity: number): number[] {
  const pack = rules.packSize;
  const first = Math.ceil(rules.minOrderQuantity / pack) * pack;
  const last = Math.floor(largestOrderQuantity(rules) / pack) * pack;
  const below = Math.floor(quantity / pack) * pack;
  return [below, below + pack].filter((candidate) => candidate >= first && candidate <= last);
}

export type QuantityProblem =
  | { code: 'below-minimum-quantity' }
  | { code: 'insufficient-stock' }
  | { code: 'above-maximum-quantity'; maximum: number }
  | { code: 'not-a-pack-multiple'; packSize: number; nearest: number[] };

/**
 * Why `quantity` cannot be ordered, or null. The spec's two cases come first and keep its
 * messages (below the minimum, above the stock); then the per-order maximum and the pack size.
 */
export function quantityProblem(rules: QuantityRules, quantity: number): QuantityProblem | null {
  if (quantity < rules.minOrderQuantity) return { code: 'below-minimum-quantity' };
  if (quantity > rules.availableQuantity) return { code: 'insufficient-stock' };
  if (rules.maxOrderQuantity !== null && quantity > rules.maxOrderQuantity) {
    return { code: 'above-maximum-quantity', maximum: rules.maxOrderQuantity };
  }
  if (quantity % rules.packSize !== 0) {
    return {
      code: 'not-a-pack-multiple',
      packSize: rules.packSize,
      nearest: nearestPackQuantities(rules, quantity),
    };
  }
  return null;
}

/** 'Sold in packs of 10: order 40 or 50' (docs/behaviour.md §5.3). */
export function packMultipleMessage(packSize: number, nearest: readonly number[]): string {
  const choices = nearest.map(formatCount).join(' or ');
  return choices
    ? `Sold in packs of ${formatCount(packSize)}: order ${choices}`
    : `Sold in packs of ${formatCount(packSize)}`;
}

export function maximumQuantityMessage(maximum: number): string {
  return `At most ${formatCount(maximum)} per order`;
}

/** The shop-wide minimum order value (ORDER_MINIMUM), counted on the items, before shipping. */
export function orderMinimumMessage(orderMinimumCents: number): string {
  return `Orders start at ${formatDollars(centsToDollars(orderMinimumCents))} of tools, before shipping`;
}

/** 'Sold in packs of 10' / 'at most 500 per order': the rule shown next to the quantity field. */
export function quantityRuleText(rules: Pick<QuantityRules, 'packSize' | 'maxOrderQuantity'>): string[] {
  const parts: string[] = [];
  if (rules.packSize > 1) parts.push(`Sold in packs of ${formatCount(rules.packSize)}.`);
  if (rules.maxOrderQuantity !== null) parts.push(`${maximumQuantityMessage(rules.maxOrderQuantity)}.`);
  return parts;
}

export interface LadderIssue {
  /** The rung (0-based) and the field the message is about. */
  index: number;
  field: 'fromQuantity' | 'unitPrice';
  message: string;
}

/**
 * What is wrong with a ladder, rung by rung: quantities strictly increasing and above the
 * minimum order quantity (and reachable under the per-order maximum), prices strictly decreasing
 * and below the base unit price. An empty ladder is fine.
 */
export function validateLadder(
  tool: { unitPriceCents: number; minOrderQuantity: number; maxOrderQuantity: number | null },
  priceBreaks: readonly PriceBreak[],
): LadderIssue[] {
  const issues: LadderIssue[] = [];
  priceBreaks.forEach((rung, index) => {
    const label = `Price break ${index + 1}`;
    const before = index > 0 ? priceBreaks[index - 1] : undefined;
    if (rung.fromQuantity <= tool.minOrderQuantity) {
      issues.push({
        index,
        field: 'fromQuantity',
        message: `${label}: the quantity must be above the minimum order quantity (${formatCount(tool.minOrderQuantity)})`,
      });
    } else if (before && rung.fromQuantity <= before.fromQuantity) {
      issues.push({
        index,
        field: 'fromQuantity',
        message: `${label}: the quantity must be above the one before (${formatCount(before.fromQuantity)})`,
      });
    } else if (tool.maxOrderQuantity !== null && rung.fromQuantity > tool.maxOrderQuantity) {
      issues.push({
        index,
        field: 'fromQuantity',
        message: `${label}: no order reaches it (${maximumQuantityMessage(tool.maxOrderQuantity).toLowerCase()})`,
      });
    }
    if (rung.unitPriceCents >= tool.unitPriceCents) {
      issues.push({
        index,
        field: 'unitPrice',
        message: `${label}: the price must be below the unit price (${formatUnitPrice(tool.unitPriceCents)})`,
      });
    } else if (before && rung.unitPriceCents >= before.unitPriceCents) {
      issues.push({
        index,
        field: 'unitPrice',
        message: `${label}: the price must be below the one before (${formatUnitPrice(before.unitPriceCents)})`,
      });
    }
  });
  return issues;
}

/** A company's own price for a tool (docs/behaviour.md §3.15): a unit price and its own ladder. */
export interface ContractRate {
  unitPriceCents: number;
  priceBreaks: readonly PriceBreak[];
}

/**
 * The one price rule of trade accounts (§3.15): a contract replaces the tool's unit price and
 * its whole ladder, never one rung of it; without one, the list price holds. The catalogue, the
 * cart and the purchase page apply it here; place_order in SQL the same way (place-order.sql),
 * and the order-decision property test holds the two to one answer.
 */
export function withContractRate<T extends PricingRules>(
  rules: T,
  contract: ContractRate | null | undefined,
): T {
  return contract
    ? { ...rules, unitPriceCents: contract.unitPriceCents, priceBreaks: contract.priceBreaks }
    : rules;
}
