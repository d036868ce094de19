import { eq } from 'drizzle-orm';
import { orderRefusalMessage, type OrderRefusal } from '@shop/shared/order-decision';
import { nearestPackQuantities } from '@shop/shared/pricing';
import type { DbExecutor } from '../../../db/client';
import { AppError, conflict, forbidden, notFound } from '../../../lib/errors';
import { tools } from '../../catalogue';

/** What the database function place_order answers (ordering/sql/place-order.sql). */
export type PlaceOrderOutcome =
  | 'placed'
  | 'awaiting-approval'
  | 'existing'
  | 'tool-not-found'
  | 'cart-empty'
  | 'viewer-cannot-order'
  | OrderRefusal['code'];

/**
 * The answer to an order place_order turned down, with the message the purchase page and the
 * cart show for the same refusal (shared order-decision.ts). The rule was decided on the row
 * inside the call; the numbers a message names (pack size, nearest packs, maximum) are read from
 * the tool as it is now. In a checkout, a refused line is named: 'Angled Sash Brush: …'.
 */
export async function placeOrderRefusal(
  db: DbExecutor,
  outcome: Exclude<PlaceOrderOutcome, 'placed' | 'awaiting-approval' | 'existing'>,
  line: { toolId: string; quantity: number } | null,
  limits: { maxOpenUnpaid: number; orderMinimumCents: number; isCheckout: boolean },
): Promise<Error> {
  if (outcome === 'cart-empty') return conflict('Your cart is empty');
  // A company's viewer sees its orders and prices, and orders nothing (docs/behaviour.md §4.19).
  if (outcome === 'viewer-cannot-order') {
    return forbidden("Your company's viewers cannot order: ask a company admin to make you a buyer");
  }
  const [tool] = line ? await db.select().from(tools).where(eq(tools.id, line.toolId)) : [];
  if (outcome === 'tool-not-found') {
    if (!limits.isCheckout) return notFound('Tool');
    return lineRefused('conflict', `${tool?.name ?? 'A tool'} is no longer in the shop`, line);
  }
  const refusal = refusalOf(outcome, line?.quantity ?? 0, tool, limits);
  const said = orderRefusalMessage(refusal);
  const message = limits.isCheckout && tool ? `${tool.name}: ${said}` : said;
  switch (refusal.code) {
    // Unpaid orders hold stock: one account could otherwise reserve a whole catalogue and never pay.
    case 'too-many-unpaid':
      return conflict(message);
    // A total no card processor can charge would hold stock for nothing.
    case 'total-too-high':
      return new AppError('invalid-input', message);
    case 'below-order-minimum':
      return new AppError(refusal.code, message, [{ field: 'quantity', message }]);
    // The spec's two refusals keep its answer for a one-tool order: the message alone.
    case 'below-minimum-quantity':
    case 'insufficient-stock':
      return limits.isCheckout
        ? lineRefused(refusal.code, message, line)
        : new AppError(refusal.code, message);
    // Trade rules (docs/behaviour.md §3.7) are shown beside the quantity field, or the cart's line.
    default:
      return limits.isCheckout
        ? lineRefused(refusal.code, message, line)
        : new AppError(refusal.code, message, [{ field: 'quantity', message }]);
  }
}

/** A checkout refused for one line: the line's tool is the field, so the cart can show it there. */
const lineRefused = (
  code: 'conflict' | Exclude<OrderRefusal['code'], 'too-many-unpaid' | 'total-too-high'>,
  message: string,
  line: { toolId: string } | null,
) => new AppError(code, message, [{ field: `lines.${line?.toolId ?? ''}`, message }]);

function refusalOf(
  outcome: OrderRefusal['code'],
  quantity: number,
  tool: typeof tools.$inferSelect | undefined,
  { maxOpenUnpaid, orderMinimumCents }: { maxOpenUnpaid: number; orderMinimumCents: number },
): OrderRefusal {
  switch (outcome) {
    case 'too-many-unpaid':
      return { code: outcome, maxOpenUnpaid };
    case 'below-order-minimum':
      return { code: outcome, minimumCents: orderMinimumCents };
    case 'above-maximum-quantity':
      if (!tool) return { code: 'insufficient-stock' };
      return { code: outcome, maximum: tool.maxOrderQuantity ?? quantity - 1 };
    case 'not-a-pack-multiple':
      if (!tool) return { code: 'insufficient-stock' };
      return { code: outcome, packSize: tool.packSize, nearest: nearestPackQuantities(tool, quantity) };
    default:
      return { code: outcome };
  }
}
