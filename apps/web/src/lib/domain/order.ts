import type { RouteResponse } from '@shop/shared/api/routes';

/** An order as the lists send it (docs/behaviour.md §5.1). */
export type OrderWire = RouteResponse<'GET /my-order'>[number];

/** One order with its lines, as the order page, the payment page and the timeline read it. */
export type OrderDetailWire = RouteResponse<'GET /order/:id'>;

/** One line of an order: a tool, how many, and the unit price of the rung reached when ordered. */
export type OrderLine = OrderDetailWire['lines'][number];

/** An order as the web app reads it; each field's type comes from its wire field. */
export interface Order {
  id: OrderWire['_id'];
  /** Null once the tool has been deleted. */
  toolId: OrderWire['toolsId'];
  /** The tool's name when ordered; for several lines a summary: 'Angled Sash Brush and 4 more'. */
  toolName: OrderWire['toolsName'];
  /** The customer's account name and e-mail when ordered. */
  customerName: OrderWire['name'];
  customerEmail: OrderWire['email'];
  phoneNumber: OrderWire['phoneNumber'];
  address: OrderWire['address'];
  /** Units in all: the one line's quantity, or the lines' sum. */
  quantity: OrderWire['quantity'];
  /** In dollars, when ordered; null for an order of several lines (each line has its own). */
  unitPrice: OrderWire['unitPrice'];
  /** What is charged, in dollars: the items plus shipping and tax (docs/behaviour.md §5.4, §5.22). */
  totalPrice: OrderWire['price'];
  /** Quantity × the unit price applied. */
  itemsTotal: OrderWire['itemsTotal'];
  shipping: OrderWire['shipping'];
  /** The tax frozen on the order, in dollars (docs/behaviour.md §5.22); 0 for orders before tax. */
  tax: OrderWire['tax'];
  isPaid: OrderWire['paid'];
  transactionId: OrderWire['transactionId'];
  isShipped: OrderWire['ship'];
  createdAt: OrderWire['createdAt'];
  /** Where the order is now (docs/behaviour.md §5.5); isPaid and isShipped stay as the spec's. */
  state: OrderWire['state'];
  carrier: OrderWire['carrier'];
  trackingNumber: OrderWire['trackingNumber'];
  /** How many tools the order holds (1 for every order placed without the cart). */
  lineCount: OrderWire['lineCount'];
  /** The buyer's purchase order number and note, when the checkout gave them. */
  poNumber: OrderWire['poNumber'];
  note: OrderWire['note'];
  /** The address book's entry as it was when ordered; null for an address typed on the purchase page. */
  shippingAddress: OrderWire['shippingAddress'];
  /** Trade accounts (docs/behaviour.md §5.21): the company it was placed for, and by whom. */
  companyId: OrderWire['companyId'];
  placedBy: OrderWire['placedBy'];
  /** 'awaiting' a company admin's approval, 'approved', 'declined'; null: none was needed. */
  approvalState: OrderWire['approvalState'];
  approvalReason: OrderWire['approvalReason'];
}

/** Unpaid and not waiting for approval: the buyer may pay it (docs/behaviour.md §5.21). */
export const isPayable = (order: Order): boolean =>
  order.state === 'unpaid' && order.approvalState !== 'awaiting';

/**
 * A company's order no longer waiting for its payment: it may have been paid by invoice
 * (docs/behaviour.md §5.23), so its pages ask for the invoice.
 */
export const mayHaveInvoice = (order: Order): boolean => order.companyId !== null && order.state !== 'unpaid';

export interface OrderDetail extends Order {
  lines: OrderLine[];
  /** Where and why the tax is what it is; empty for orders placed before tax (§5.22). */
  taxLines: OrderDetailWire['taxLines'];
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
    tax: wire.tax,
    isPaid: wire.paid,
    transactionId: wire.transactionId,
    isShipped: wire.ship,
    createdAt: wire.createdAt,
    state: wire.state,
    carrier: wire.carrier,
    trackingNumber: wire.trackingNumber,
    lineCount: wire.lineCount,
    poNumber: wire.poNumber,
    note: wire.note,
    shippingAddress: wire.shippingAddress,
    companyId: wire.companyId,
    placedBy: wire.placedBy,
    approvalState: wire.approvalState,
    approvalReason: wire.approvalReason,
  };
}

/** The order, its lines and its tax lines, whose wire names are already the domain's. */
export const toOrderDetail = (wire: OrderDetailWire): OrderDetail => ({
  ...toOrder(wire),
  lines: wire.lines,
  taxLines: wire.taxLines,
});

/** Paid and not given back (paid or shipped): shown as 'Paid', as the spec's screens show it. */
export const isPaidAndKept = (order: Order) => order.state === 'paid' || order.state === 'shipped';
