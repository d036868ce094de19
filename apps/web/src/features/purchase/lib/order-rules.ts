import { z } from 'zod';
import { createOrderBody } from '@shop/shared/contracts/orders';
import { MAX_ORDER_TOTAL_CENTS } from '@shop/shared/constants';
import { decideOrder, orderRefusalMessage, type OrderRefusal } from '@shop/shared/order-decision';
import { priceOrder, type OrderPrice } from '@shop/shared/pricing';
import type { Tool } from '@/lib/domain/tool';
import { pricingRulesOf, quantityRulesOf } from '@/lib/domain/tool-pricing';
import type { ShopOrderRules } from '../api/get-order-rules';

/** The Order Info form's own fields, with the same rules the server applies (docs/behaviour.md §5.3). */
export const orderFormSchema = z.object({
  phoneNumber: createOrderBody.shape.phoneNumber,
  address: createOrderBody.shape.address,
  quantity: createOrderBody.shape.quantity,
});
export type OrderFormInput = z.input<typeof orderFormSchema>;
export type OrderFormValues = z.output<typeof orderFormSchema>;

export type OrderProblem = OrderRefusal;

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
 * Why a typed quantity cannot be ordered, if it cannot: the decision the server makes
 * (@shop/shared/order-decision), shown before the buyer presses Order. An empty field is not a
 * range problem: the form's 'fill up' rule covers it.
 */
export function orderProblem(
  quantity: number,
  tool: PricedTool,
  { orderMinimumCents, freeShippingOverCents }: ShopOrderRules,
): OrderProblem | null {
  if (!Number.isFinite(quantity)) return null;
  const rules = { ...quantityRulesOf(tool), ...pricingRulesOf(tool) };
  const limits = {
    orderMinimumCents: orderMinimumCents ?? 0,
    freeShippingOverCents: freeShippingOverCents ?? 0,
    maxTotalCents: MAX_ORDER_TOTAL_CENTS,
  };
  return decideOrder(rules, quantity, limits).refusal ?? null;
}

/** The message the server would answer with. */
export const orderProblemMessage = orderRefusalMessage;

/**
 * What the order would cost: the deepest rung reached, times quantity, plus shipping once, free
 * from FREE_SHIPPING_OVER (docs/behaviour.md §5.4).
 */
export function quoteOrder(
  quantity: number,
  tool: PricedTool,
  freeShippingOverCents: number | null = null,
): OrderPrice {
  return priceOrder(pricingRulesOf(tool), quantity, freeShippingOverCents ?? 0);
}
