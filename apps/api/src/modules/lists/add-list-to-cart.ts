import type { CartAdditionsResponse } from '@shop/shared/contracts/cart';
import type { Database } from '../../db/client';
import { addToCart } from '../cart';
import { toolsForOrder } from '../catalogue';
import type { OrderLimitsConfig } from '../ordering';
import { findListOf, linesOfList } from './saved-lists.service';

/**
 * A saved list into the cart (docs/behaviour.md §5.20): each line checked as a quick-order row
 * is, on the quantity its cart line ends up with; a tool gone from the shop is refused and skipped.
 */
export function addListToCart(
  db: Database,
  userId: string,
  limits: OrderLimitsConfig,
  listId: string,
  idempotencyKey: string | undefined,
): Promise<CartAdditionsResponse> {
  return addToCart(
    db,
    userId,
    limits,
    async (tx) => {
      const list = await findListOf(tx, userId, listId);
      const lines = await linesOfList(tx, list.id);
      const tools = await toolsForOrder(
        tx,
        lines.map((line) => line.toolId),
        userId,
      );
      return lines.map((line) => {
        const tool = tools.get(line.toolId);
        return { sku: tool?.sku ?? null, name: tool?.name ?? null, quantity: line.quantity, tool };
      });
    },
    { apply: true, idempotencyKey, request: { route: 'list', listId } },
  );
}
