import { copy } from './copy';
import {
  maximumQuantityMessage,
  orderMinimumMessage,
  packMultipleMessage,
  priceOrder,
  quantityProblem,
  type OrderPrice,
  type PricingRules,
  type QuantityProblem,
  type QuantityRules,
} from './pricing';

/** A tool's rules as an order meets them: what may be ordered, and at what price. */
export type OrderRules = QuantityRules & PricingRules;

/** What limits an order beyond its tool (configuration, the customer's open orders). */
export interface OrderLimits {
  /** ORDER_MINIMUM in cents, counted on the items before shipping; 0 for none. */
  orderMinimumCents: number;
  /** The most one order may total, shipping included (MAX_ORDER_TOTAL_CENTS). */
  maxTotalCents: number;
  /** The customer's unpaid orders now, and how many they may hold (MAX_OPEN_UNPAID_ORDERS). */
  openUnpaidOrders?: number;
  maxOpenUnpaid?: number;
}

export type OrderRefusal =
  | { code: 'too-many-unpaid'; maxOpenUnpaid: number }
  | QuantityProblem
  | { code: 'below-order-minimum'; minimumCents: number }
  | { code: 'total-too-high' };

export type OrderDecision = { refusal: OrderRefusal; price?: never } | { price: OrderPrice; refusal?: never };

/**
 * Whether an order of `quantity` may be placed, and what it costs (docs/behaviour.md §5.3): the
 * customer's open orders, then the tool's quantity rules, then the order minimum on the items,
 * then the cap on the total. The first rule broken is the refusal. The database function
 * place_order decides the same, in the same order, on the tool's locked row; the order-decision
 * property test (apps/api/test) holds the two to one answer, and the purchase page asks this.
 */
export function decideOrder(rules: OrderRules, quantity: number, limits: OrderLimits): OrderDecision {
  const { openUnpaidOrders = 0, maxOpenUnpaid = Infinity } = limits;
  if (openUnpaidOrders >= maxOpenUnpaid) return { refusal: { code: 'too-many-unpaid', maxOpenUnpaid } };
  const problem = quantityProblem(rules, quantity);
  if (problem) return { refusal: problem };
  const price = priceOrder(rules, quantity);
  if (price.itemsTotalCents < limits.orderMinimumCents) {
    return { refusal: { code: 'below-order-minimum', minimumCents: limits.orderMinimumCents } };
  }
  if (price.totalCents > limits.maxTotalCents) return { refusal: { code: 'total-too-high' } };
  return { price };
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
