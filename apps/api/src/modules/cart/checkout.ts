import type { checkoutBody } from '@shop/shared/contracts/cart';
import type { z } from 'zod';
import type { Actor } from '../../lib/request-context';
import { linesOfCart, lockCart, removeCartLines } from './cart.service';
import { afterPlaced, placeAndPay, type PlaceDeps } from './place-and-pay';

/**
 * The cart becomes one order, all lines or none (docs/behaviour.md §5.18): under the cart's
 * lock, its lines as they stand are placed (place-and-pay.ts: tax, and the invoice when paid by
 * invoice) and the cart is emptied of them in the same transaction, so it is emptied when, and
 * only when, the order exists. The idempotency key makes a retry (a double click, a lost answer)
 * find the order, and invoice, the first attempt made, whatever the cart holds by then.
 */
export async function checkout(
  deps: PlaceDeps,
  actor: Actor,
  body: z.output<typeof checkoutBody>,
  idempotencyKey: string,
) {
  const placed = await deps.db.transaction(async (tx) => {
    await lockCart(tx, actor.id);
    const lines = await linesOfCart(tx, actor.id);
    const result = await placeAndPay(tx, deps, actor, {
      lines: lines.map(({ toolId, quantity }) => ({ toolId, quantity })),
      addressId: body.addressId,
      poNumber: body.poNumber,
      note: body.note,
      paymentMethod: body.paymentMethod,
      key: idempotencyKey,
    });
    if (result.isNew) {
      await removeCartLines(
        tx,
        actor.id,
        lines.map((line) => line.toolId),
      );
    }
    return result;
  });
  return afterPlaced(deps, placed);
}
