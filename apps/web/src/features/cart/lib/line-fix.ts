import type { CartLine } from '@shop/shared/contracts/cart';
import { largestOrderQuantity } from '@shop/shared/pricing';

/** The problems a line's quantity causes, which another quantity of the same tool fixes. */
const QUANTITY_PROBLEMS = new Set([
  'below-minimum-quantity',
  'insufficient-stock',
  'above-maximum-quantity',
  'not-a-pack-multiple',
]);

/**
 * The valid quantities next to a line's own when its quantity is the problem (the stock fell, the
 * tool's rules changed since it was added): whole packs from the minimum up to what may be had
 * now, the one below and the one above. The same rule the API answers a refused line with; a
 * line's `problem` carries no `nearest` of its own, so the cart works it out from the line's
 * rules. Empty when no quantity fixes it (out of stock, no longer in the shop).
 */
export function quantitiesThatFix(line: CartLine): number[] {
  if (!line.problem || !QUANTITY_PROBLEMS.has(line.problem.code)) return [];
  const pack = line.packSize;
  const first = Math.ceil(line.minOrderQuantity / pack) * pack;
  const last = Math.floor(largestOrderQuantity(line) / pack) * pack;
  if (last < first) return [];
  if (line.quantity < first) return [first];
  if (line.quantity > last) return [last];
  const below = Math.floor(line.quantity / pack) * pack;
  return [below, below + pack].filter((quantity) => quantity >= first && quantity <= last);
}
