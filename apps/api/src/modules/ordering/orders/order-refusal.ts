import { eq } from 'drizzle-orm';
import { orderRefusalMessage, type OrderRefusal } from '@shop/shared/order-decision';
import { nearestPackQuantities } from '@shop/shared/pricing';
import type { Database } from '../../../db/client';
import { AppError, conflict, notFound } from '../../../lib/errors';
import { tools } from '../../catalogue';

/** What the database function place_order answers (ordering/sql/place-order.sql). */
export type PlaceOrderOutcome = 'placed' | 'tool-not-found' | OrderRefusal['code'];

/**
 * The answer to an order place_order turned down, with the message the purchase page shows for
 * the same refusal (shared order-decision.ts). The rule was decided on the row inside the call;
 * the numbers a message names (pack size, nearest packs, maximum) are read from the tool as it
 * is now.
 */
export async function placeOrderRefusal(
  db: Database,
  outcome: Exclude<PlaceOrderOutcome, 'placed'>,
  order: { toolId: string; quantity: number },
  limits: { maxOpenUnpaid: number; orderMinimumCents: number },
): Promise<Error> {
  if (outcome === 'tool-not-found') return notFound('Tool');
  const refusal = await refusalOf(db, outcome, order, limits);
  const message = orderRefusalMessage(refusal);
  switch (refusal.code) {
    // Unpaid orders hold stock: one account could otherwise reserve a whole catalogue and never pay.
    case 'too-many-unpaid':
      return conflict(message);
    // A total no card processor can charge would hold stock for nothing.
    case 'total-too-high':
      return new AppError('invalid-input', message);
    // The spec's two refusals keep its answer: the message alone.
    case 'below-minimum-quantity':
    case 'insufficient-stock':
      return new AppError(refusal.code, message);
    // Trade rules (docs/behaviour.md §3.7) are shown beside the quantity field.
    default:
      return new AppError(refusal.code, message, [{ field: 'quantity', message }]);
  }
}

async function refusalOf(
  db: Database,
  outcome: OrderRefusal['code'],
  { toolId, quantity }: { toolId: string; quantity: number },
  { maxOpenUnpaid, orderMinimumCents }: { maxOpenUnpaid: number; orderMinimumCents: number },
): Promise<OrderRefusal> {
  switch (outcome) {
    case 'too-many-unpaid':
      return { code: outcome, maxOpenUnpaid };
    case 'below-order-minimum':
      return { code: outcome, minimumCents: orderMinimumCents };
    case 'above-maximum-quantity':
    case 'not-a-pack-multiple': {
      const [tool] = await db.select().from(tools).where(eq(tools.id, toolId));
      if (!tool) return { code: 'insufficient-stock' };
      return outcome === 'above-maximum-quantity'
        ? { code: outcome, maximum: tool.maxOrderQuantity ?? quantity - 1 }
        : { code: outcome, packSize: tool.packSize, nearest: nearestPackQuantities(tool, quantity) };
    }
    default:
      return { code: outcome };
  }
}
