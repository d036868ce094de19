import type { checkoutBody } from '@shop/shared/contracts/cart';
import type { OrderDetail } from '@shop/shared/contracts/orders';
import { countryName } from '@shop/shared/countries';
import { formatAddress } from '@shop/shared/contracts/addresses';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { TellChanged } from '../../lib/change-topics';
import type { Actor } from '../../lib/request-context';
import { findAddressOf, toShippingAddress } from '../accounts';
import { companyAddressFor } from '../companies';
import { findOrderRow, placeOrder, toOrderDetail, type OrderLimitsConfig } from '../ordering';
import { linesOfCart, lockCart, removeCartLines } from './cart.service';

export interface CheckoutDeps {
  db: Database;
  limits: OrderLimitsConfig;
  tellChanged: TellChanged;
  /** Tells the company's admins of a buyer's order above their limit (docs/behaviour.md §5.21). */
  askForApproval: (orderId: string) => Promise<void>;
}

/**
 * The cart becomes one unpaid order, all lines or none (docs/behaviour.md §5.18): under the
 * cart's lock, its lines as they stand go to `place_order` with a copy of the chosen address,
 * and the cart is emptied of them in the same transaction, so it is emptied when, and only when,
 * the order exists. The idempotency key makes a retry (a double click, a lost answer) find the
 * order the first attempt made, whatever the cart holds by then.
 */
export async function checkout(
  { db, limits, tellChanged, askForApproval }: CheckoutDeps,
  actor: Actor,
  body: z.output<typeof checkoutBody>,
  idempotencyKey: string,
): Promise<{ insertedId: string; order: OrderDetail }> {
  const { orderId, isNew, awaitsApproval } = await db.transaction(async (tx) => {
    await lockCart(tx, actor.id);
    // One of the buyer's own addresses, or one their company shares (docs/behaviour.md §4.19).
    const address =
      (await companyAddressFor(tx, actor.id, body.addressId)) ??
      toShippingAddress(await findAddressOf(tx, actor.id, body.addressId));
    const lines = await linesOfCart(tx, actor.id);
    const placed = await placeOrder(
      tx,
      actor,
      {
        lines: lines.map(({ toolId, quantity }) => ({ toolId, quantity })),
        phoneNumber: address.phone,
        address: formatAddress(address, countryName),
        shippingAddress: address,
        poNumber: body.poNumber,
        note: body.note,
        checkoutKey: idempotencyKey,
      },
      limits,
    );
    if (placed.isNew) {
      await removeCartLines(
        tx,
        actor.id,
        lines.map((line) => line.toolId),
      );
    }
    return placed;
  });
  // Committed: the order took stock from its tools.
  if (isNew) tellChanged('tools');
  if (isNew && awaitsApproval) await askForApproval(orderId);
  const order = await findOrderRow(db, orderId);
  return { insertedId: orderId, order: await toOrderDetail(db, order!) };
}
