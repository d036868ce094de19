import { eq } from 'drizzle-orm';
import type { CreateOrderBody } from '@shop/shared/contracts/orders';
import {
  maximumQuantityMessage,
  nearestPackQuantities,
  orderMinimumMessage,
  packMultipleMessage,
} from '@shop/shared/pricing';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { tools } from '../../catalogue';

export type TradeRefusal = 'above-maximum-quantity' | 'not-a-pack-multiple' | 'below-order-minimum';

/**
 * The message for an order place_order turned down under a trade rule (docs/behaviour.md §16),
 * shown beside the quantity field. The rule was decided on the row inside the call; the numbers
 * the message names (pack size, nearest packs, maximum) are read from the tool as it is now.
 */
export async function describeTradeRefusal(
  db: Database,
  outcome: TradeRefusal,
  body: CreateOrderBody,
  orderMinimumCents: number,
): Promise<AppError> {
  const [tool] = await db.select().from(tools).where(eq(tools.id, body.toolsId));
  const message = messageFor(outcome, body.quantity, tool, orderMinimumCents);
  return new AppError(outcome, message, [{ field: 'quantity', message }]);
}

function messageFor(
  outcome: TradeRefusal,
  quantity: number,
  tool: typeof tools.$inferSelect | undefined,
  orderMinimumCents: number,
): string {
  switch (outcome) {
    case 'below-order-minimum':
      return orderMinimumMessage(orderMinimumCents);
    case 'above-maximum-quantity':
      return tool?.maxOrderQuantity
        ? maximumQuantityMessage(tool.maxOrderQuantity)
        : 'Too many for one order';
    case 'not-a-pack-multiple':
      return tool
        ? packMultipleMessage(tool.packSize, nearestPackQuantities(tool, quantity))
        : 'Order whole packs';
  }
}
