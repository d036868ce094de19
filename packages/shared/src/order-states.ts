/**
 * An order's state (docs/behaviour.md §5.5). `paid` and `ship` stay on the wire as the spec has
 * them; the state says the rest: a cancelled, expired or refunded order keeps its row.
 */
export const ORDER_STATES = [
  'unpaid',
  'paid',
  'shipped',
  'cancelled',
  'expired',
  /** An admin cancelled it after payment (or a payment came after it was closed): the refund is under way. */
  'refunding',
  'refunded',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** Every change of an order, as its timeline lists it (the order_events table). */
export const ORDER_EVENT_KINDS = [
  'placed',
  'payment-started',
  'paid',
  'shipped',
  'cancelled-by-customer',
  'cancelled-by-admin',
  'refunded',
  'expired',
  /** Trade accounts (docs/behaviour.md §5.21): a buyer's order over their limit, and its decision. */
  'approval-requested',
  'approved',
  'approval-declined',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** The label a state carries in My Orders, Total Orders and the order page. */
export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  unpaid: 'Not Paid',
  paid: 'Paid',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
  expired: 'Expired',
  refunding: 'Refund pending',
  refunded: 'Refunded',
};

export const ORDER_EVENT_LABELS: Record<OrderEventKind, string> = {
  placed: 'Order placed',
  'payment-started': 'Payment started',
  paid: 'Payment received',
  shipped: 'Shipped',
  'cancelled-by-customer': 'Cancelled by the customer',
  'cancelled-by-admin': 'Cancelled by the shop',
  refunded: 'Refunded',
  expired: 'Expired unpaid',
  'approval-requested': 'Sent for approval',
  approved: 'Approved',
  'approval-declined': 'Approval declined',
};

/**
 * Where a company buyer's order over their limit stands (docs/behaviour.md §5.21). It is unpaid
 * all along, holding its stock; only an approved one (or one that never needed it) can be paid.
 */
export const APPROVAL_STATES = ['awaiting', 'approved', 'declined'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/** Total Orders' filter by state (docs/behaviour.md §5.15): every state, in the filter's words. */
export const ORDER_FILTER_LABELS: Record<OrderState, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid, not shipped',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
  expired: 'Expired',
  refunding: 'Refund pending',
  refunded: 'Refunded',
};

/** What Total Orders shows, as its URL says: the API's own names and text (a link reproduces it). */
export const ordersViewKeys = ['state', 'q', 'cursor'] as const;
export type OrdersView = Partial<Record<(typeof ordersViewKeys)[number], string>>;

/**
 * The view as the API's query. A state the API does not know travels as typed: its 400 message
 * is what the screen shows (as the products page does with a view the API refuses).
 */
export const ordersQueryOf = (view: OrdersView) => view as Omit<OrdersView, 'state'> & { state?: OrderState };

/** The view a URL asks for: its known parameters that carry a value; the API judges the values. */
export function ordersViewOf(search: URLSearchParams): OrdersView {
  const view: OrdersView = {};
  for (const key of ordersViewKeys) {
    const value = search.get(key)?.trim();
    if (value) view[key] = value;
  }
  return view;
}
