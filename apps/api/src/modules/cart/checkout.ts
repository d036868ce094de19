import type { checkoutBody } from '@shop/shared/contracts/cart';
import type { Invoice } from '@shop/shared/contracts/invoices';
import type { OrderDetail } from '@shop/shared/contracts/orders';
import { countryName } from '@shop/shared/countries';
import { formatAddress, type ShippingAddress } from '@shop/shared/contracts/addresses';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../db/client';
import type { TellChanged } from '../../lib/change-topics';
import type { Actor } from '../../lib/request-context';
import { findAddressOf, toShippingAddress } from '../accounts';
import { companyAddressFor } from '../companies';
import { findOrderRow, placeOrder, toOrderDetail, type OrderLimitsConfig } from '../ordering';
import { invoiceOf, invoiceOrder, toInvoice } from '../invoicing';
import { taxRuleFor, type TaxProvider } from '../tax';
import { linesOfCart, lockCart, removeCartLines } from './cart.service';

export interface CheckoutDeps {
  db: Database;
  limits: OrderLimitsConfig;
  tellChanged: TellChanged;
  tax: TaxProvider;
  /** Tells the company's admins of a buyer's order above their limit (docs/behaviour.md §5.21). */
  askForApproval: (orderId: string) => Promise<void>;
}

/** One of the buyer's own addresses, or one their company shares (docs/behaviour.md §4.19); 404 otherwise. */
export async function checkoutAddress(
  db: DbExecutor,
  userId: string,
  addressId: string,
): Promise<ShippingAddress> {
  return (
    (await companyAddressFor(db, userId, addressId)) ??
    toShippingAddress(await findAddressOf(db, userId, addressId))
  );
}

/**
 * The cart becomes one unpaid order, all lines or none (docs/behaviour.md §5.18): under the
 * cart's lock, its lines as they stand go to `place_order` with a copy of the chosen address,
 * and the cart is emptied of them in the same transaction, so it is emptied when, and only when,
 * the order exists. Its tax is the provider's rule for the buyer and the address, frozen on the
 * order; a provider that cannot answer refuses the checkout (§5.22). The idempotency key makes a retry (a double click, a lost answer) find the
 * order the first attempt made, whatever the cart holds by then.
 */
export async function checkout(
  { db, limits, tellChanged, tax, askForApproval }: CheckoutDeps,
  actor: Actor,
  body: z.output<typeof checkoutBody>,
  idempotencyKey: string,
): Promise<{ insertedId: string; order: OrderDetail; invoice: Invoice | null }> {
  const { orderId, isNew, awaitsApproval, invoice } = await db.transaction(async (tx) => {
    await lockCart(tx, actor.id);
    const address = await checkoutAddress(tx, actor.id, body.addressId);
    const lines = await linesOfCart(tx, actor.id);
    const rule = await taxRuleFor(tax, tx, actor.id, address);
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
        tax: rule,
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
    // By invoice (§5.23): issued in this transaction, so an order the credit refuses is not
    // placed at all and the cart stays as it was. One awaiting approval is invoiced once approved.
    const byInvoice = body.paymentMethod === 'invoice' && !placed.awaitsApproval;
    const invoice =
      byInvoice && placed.isNew
        ? await invoiceOrder(tx, actor, placed.orderId)
        : await invoiceOf(tx, placed.orderId);
    return { ...placed, invoice };
  });
  // Committed: the order took stock from its tools.
  if (isNew) tellChanged('tools');
  if (isNew && awaitsApproval) await askForApproval(orderId);
  const order = await findOrderRow(db, orderId);
  return {
    insertedId: orderId,
    order: await toOrderDetail(db, order!),
    invoice: invoice ? toInvoice(invoice) : null,
  };
}
