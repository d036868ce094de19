import { MAX_CART_LINES } from '@shop/shared/contracts/cart';
import { orderRefusalMessage } from '@shop/shared/order-decision';
import { largestOrderQuantity, quantityProblem, type QuantityRules } from '@shop/shared/pricing';
import type { ToolForOrder } from '../catalogue';

export interface LineRefusal {
  code: string;
  message: string;
  nearest: number[];
}

/** Why a line cannot hold `quantity` of this tool, or null when it can. */
export function refuseLine(
  tool: ToolForOrder | undefined,
  quantity: number,
  isCartFull: boolean,
): LineRefusal | null {
  if (!tool || tool.isArchived) {
    return { code: 'not-found', message: 'This tool is not in the shop', nearest: [] };
  }
  if (isCartFull) {
    return {
      code: 'cart-full',
      message: `A cart holds at most ${MAX_CART_LINES} tools; order these first or remove some`,
      nearest: [],
    };
  }
  const problem = quantityProblem(tool, quantity);
  if (!problem) return null;
  return { code: problem.code, message: orderRefusalMessage(problem), nearest: nearestValid(tool, quantity) };
}

/**
 * The valid quantities next to a refused one: the packs on either side of it, or the smallest
 * valid quantity below the minimum, or the largest one above what may be had.
 */
export function nearestValid(rules: QuantityRules, quantity: number): number[] {
  const pack = rules.packSize;
  const first = Math.ceil(rules.minOrderQuantity / pack) * pack;
  const last = Math.floor(largestOrderQuantity(rules) / pack) * pack;
  if (last < first) return [];
  if (quantity < first) return [first];
  if (quantity > last) return [last];
  const below = Math.floor(quantity / pack) * pack;
  return [below, below + pack].filter((candidate) => candidate >= first && candidate <= last);
}
