import { z } from 'zod';
import { copy } from '@shop/shared/copy';
import { createOrderBody } from '@shop/shared/contracts/orders';
import {
  maximumQuantityMessage,
  orderMinimumMessage,
  packMultipleMessage,
  priceOrder,
  quantityProblem,
  type OrderPrice,
  type QuantityProblem,
} from '@shop/shared/pricing';
import type { Tool } from '@/lib/domain/tool';
import { pricingRulesOf, quantityRulesOf } from '@/lib/domain/tool-pricing';

/** The Order Info form's own fields, with the same rules the server applies (docs/behaviour.md §6.2). */
export const orderFormSchema = z.object({
  phoneNumber: createOrderBody.shape.phoneNumber,
  address: createOrderBody.shape.address,
  quantity: createOrderBody.shape.quantity,
});
export type OrderFormInput = z.input<typeof orderFormSchema>;
export type OrderFormValues = z.output<typeof orderFormSchema>;

export type OrderProblem = QuantityProblem | { code: 'below-order-minimum'; minimumCents: number };

type PricedTool = Pick<
  Tool,
  | 'minOrderQuantity'
  | 'availableQuantity'
  | 'packSize'
  | 'maxOrderQuantity'
  | 'unitPrice'
  | 'priceBreaks'
  | 'shipPrice'
>;

/**
 * Why a typed quantity cannot be ordered, if it cannot: the rules the server applies (shared
 * pricing module, docs/behaviour.md §16), then the shop's order minimum on the items' value. An
 * empty field is not a range problem: the form's 'fill up' rule covers it.
 */
export function orderProblem(
  quantity: number,
  tool: PricedTool,
  orderMinimumCents: number | null,
): OrderProblem | null {
  if (!Number.isFinite(quantity)) return null;
  const problem = quantityProblem(quantityRulesOf(tool), quantity);
  if (problem) return problem;
  if (orderMinimumCents !== null && quoteOrder(quantity, tool).itemsTotalCents < orderMinimumCents) {
    return { code: 'below-order-minimum', minimumCents: orderMinimumCents };
  }
  return null;
}

/** The message the server would answer with, shown before the buyer presses Order. */
export function orderProblemMessage(problem: OrderProblem): string {
  switch (problem.code) {
    case 'below-minimum-quantity':
      return copy.belowMinimumOrder;
    case 'insufficient-stock':
      return copy.aboveStock;
    case 'above-maximum-quantity':
      return maximumQuantityMessage(problem.maximum);
    case 'not-a-pack-multiple':
      return packMultipleMessage(problem.packSize, problem.nearest);
    case 'below-order-minimum':
      return orderMinimumMessage(problem.minimumCents);
  }
}

/** What the order would cost: the deepest rung reached, times quantity, plus shipping once. */
export function quoteOrder(quantity: number, tool: PricedTool): OrderPrice {
  return priceOrder(pricingRulesOf(tool), quantity);
}
