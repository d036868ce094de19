import type { Order } from '@shop/shared/contracts/orders';
import { centsToDollars } from '@shop/shared/money';
import type { OrderRow } from './find-order';

/** An order as the API answers it: the wire's names (docs/behaviour.md §5.1), dollars. */
export function toOrderDto(row: OrderRow): Order {
  return {
    _id: row.id,
    toolsId: row.toolId,
    toolsName: row.toolName,
    name: row.customerName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    address: row.address,
    quantity: row.quantity,
    unitPrice: row.unitPriceCents === null ? null : centsToDollars(row.unitPriceCents),
    // What is charged: items, shipping and tax (decision 0025, docs/behaviour.md §5.22).
    price: centsToDollars(row.priceCents),
    itemsTotal: centsToDollars(row.itemsTotalCents),
    shipping: centsToDollars(row.shippingCents),
    tax: centsToDollars(row.taxCents),
    total: centsToDollars(row.priceCents),
    paid: row.paid,
    transactionId: row.transactionId,
    ship: row.ship,
    createdAt: row.createdAt.toISOString(),
    state: row.state,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    lineCount: row.lineCount,
    poNumber: row.poNumber,
    note: row.note,
    shippingAddress: row.shippingAddress,
    companyId: row.companyId,
    placedBy: { id: row.userId, name: row.customerName },
    approvalState: row.approvalState,
    approvalReason: row.approvalReason,
  };
}
