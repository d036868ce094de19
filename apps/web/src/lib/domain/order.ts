import type { RouteResponse } from '@shop/shared/api/routes';

/** An order as the API sends it (docs/behaviour.md §5.1). */
export type OrderWire = RouteResponse<'GET /order/:id'>;

/** An order as the web app reads it; each field's type comes from its wire field. */
export interface Order {
  id: OrderWire['_id'];
  /** Null once the tool has been deleted. */
  toolId: OrderWire['toolsId'];
  /** The tool's name when ordered. */
  toolName: OrderWire['toolsName'];
  /** The customer's account name and e-mail when ordered. */
  customerName: OrderWire['name'];
  customerEmail: OrderWire['email'];
  phoneNumber: OrderWire['phoneNumber'];
  address: OrderWire['address'];
  quantity: OrderWire['quantity'];
  /** In dollars, when ordered. */
  unitPrice: OrderWire['unitPrice'];
  /** What is charged, in dollars: the items plus shipping (docs/behaviour.md §5.4). */
  totalPrice: OrderWire['price'];
  /** Quantity × the unit price applied. */
  itemsTotal: OrderWire['itemsTotal'];
  shipping: OrderWire['shipping'];
  isPaid: OrderWire['paid'];
  transactionId: OrderWire['transactionId'];
  isShipped: OrderWire['ship'];
  createdAt: OrderWire['createdAt'];
  /** Where the order is now (docs/behaviour.md §5.5); isPaid and isShipped stay as the spec's. */
  state: OrderWire['state'];
  carrier: OrderWire['carrier'];
  trackingNumber: OrderWire['trackingNumber'];
}

export function toOrder(wire: OrderWire): Order {
  return {
    id: wire._id,
    toolId: wire.toolsId,
    toolName: wire.toolsName,
    customerName: wire.name,
    customerEmail: wire.email,
    phoneNumber: wire.phoneNumber,
    address: wire.address,
    quantity: wire.quantity,
    unitPrice: wire.unitPrice,
    totalPrice: wire.price,
    itemsTotal: wire.itemsTotal,
    shipping: wire.shipping,
    isPaid: wire.paid,
    transactionId: wire.transactionId,
    isShipped: wire.ship,
    createdAt: wire.createdAt,
    state: wire.state,
    carrier: wire.carrier,
    trackingNumber: wire.trackingNumber,
  };
}

/** Paid and not given back (paid or shipped): shown as 'Paid', as the spec's screens show it. */
export const isPaidAndKept = (order: Order) => order.state === 'paid' || order.state === 'shipped';
