import type { Receipt } from '@shop/shared/contracts/receipts';
import { centsToDollars } from '@shop/shared/money';
import type { Seller } from '../../../config';
import type { Database, DbExecutor } from '../../../db/client';
import { conflict } from '../../../lib/errors';
import type { Actor } from '../../../lib/request-context';
import { findOrderFor, type OrderRow } from './find-order';
import { linesOf } from './order-lines';
import { taxLinesOf } from './order-tax';

/**
 * A paid order's receipt (docs/behaviour.md §5.16), for its customer or an admin; anyone else
 * hears 404, as for an unknown order. The seller is the shop as configured (SHOP_NAME,
 * SHOP_ADDRESS, SHOP_EMAIL: config.ts sellerOf).
 */
export async function getReceipt(db: Database, actor: Actor, id: string, seller: Seller): Promise<Receipt> {
  return receiptOf(db, await findOrderFor(db, actor, id, { admins: true }), seller);
}

/** The receipt of a paid order, whoever asks (the caller decided they may): the invoice's too. */
export async function receiptOf(db: DbExecutor, order: OrderRow, seller: Seller): Promise<Receipt> {
  if (!order.paid || order.transactionId === null) {
    throw conflict('This order is not paid yet: its receipt comes with the payment');
  }
  return {
    orderId: order.id,
    shop: { name: seller.name, addressLines: seller.addressLines, email: seller.email },
    placedAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    customer: {
      name: order.customerName,
      email: order.email,
      phoneNumber: order.phoneNumber,
      address: order.address,
    },
    items: (await linesOf(db, order.id)).map((line) => ({
      tool: line.toolName,
      sku: line.sku,
      quantity: line.quantity,
      unitPrice: centsToDollars(line.unitPriceCents),
      amount: centsToDollars(line.lineTotalCents),
    })),
    itemsTotal: centsToDollars(order.itemsTotalCents),
    shipping: centsToDollars(order.shippingCents),
    tax: centsToDollars(order.taxCents),
    taxLines: await taxLinesOf(db, order.id),
    total: centsToDollars(order.priceCents),
    transactionId: order.transactionId,
    poNumber: order.poNumber,
    note: order.note,
  };
}
