import { z } from 'zod';
import { createOrderBody } from '@shop/shared/contracts/orders';
import { centsToDollars, dollarsToCents } from '@shop/shared/money';
import type { Tool } from '@/lib/domain/tool';

/** The Order Info form's own fields, with the same rules the server applies (docs/behaviour.md §6.2). */
export const orderFormSchema = z.object({
  phoneNumber: createOrderBody.shape.phoneNumber,
  address: createOrderBody.shape.address,
  quantity: createOrderBody.shape.quantity,
});
export type OrderFormInput = z.input<typeof orderFormSchema>;
export type OrderFormValues = z.output<typeof orderFormSchema>;

export type QuantityProblem = 'below-minimum' | 'above-stock' | null;

/**
 * Why a typed quantity cannot be ordered, if it cannot: below the tool's minimum order or above
 * its stock. An empty field is not a range problem: the form's 'fill up' rule covers it.
 */
export function quantityProblem(
  quantity: number,
  tool: Pick<Tool, 'minOrderQuantity' | 'availableQuantity'>,
): QuantityProblem {
  if (!Number.isFinite(quantity)) return null;
  if (quantity < tool.minOrderQuantity) return 'below-minimum';
  if (quantity > tool.availableQuantity) return 'above-stock';
  return null;
}

/** Quantity times unit price, computed in cents so that 3 x $0.10 is $0.30 (docs/behaviour.md §4.6). */
export function orderTotal(quantity: number, unitPriceDollars: number): number {
  return centsToDollars(dollarsToCents(unitPriceDollars) * quantity);
}
