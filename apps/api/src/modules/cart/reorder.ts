import type { CartAdditionsResponse } from '@shop/shared/contracts/cart';
import type { Database } from '../../db/client';
import type { Actor } from '../../lib/request-context';
import { toolsForOrder } from '../catalogue';
import { findOrderFor, linesOf, type OrderLimitsConfig } from '../ordering';
import { addToCart } from './cart-additions';

/**
 * Order again (docs/behaviour.md §5.19): the order's lines into the caller's cart at today's
 * prices and rules, each checked as a quick-order row is. A line whose unit price is not what
 * was paid says both; a tool gone from the shop is refused and skipped. Only the buyer's own
 * orders: anyone else's, admins' included, is 404, as the cart it would fill is the caller's.
 */
export function reorder(
  db: Database,
  actor: Actor,
  limits: OrderLimitsConfig,
  orderId: string,
  idempotencyKey: string | undefined,
): Promise<CartAdditionsResponse> {
  return addToCart(
    db,
    actor.id,
    limits,
    async (tx) => {
      const order = await findOrderFor(tx, actor, orderId, { admins: false });
      const lines = await linesOf(tx, order.id);
      const tools = await toolsForOrder(
        tx,
        lines.flatMap((line) => (line.toolId ? [line.toolId] : [])),
        actor.id,
      );
      return lines.map((line) => ({
        sku: line.sku,
        name: line.toolName,
        quantity: line.quantity,
        tool: line.toolId ? tools.get(line.toolId) : undefined,
        wasUnitPriceCents: line.unitPriceCents,
      }));
    },
    { apply: true, idempotencyKey, request: { route: 'reorder', orderId } },
  );
}
