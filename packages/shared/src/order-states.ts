/**
 * The states Total Orders filters by (docs/behaviour.md §21.2). 'cancelled' is carried by the
 * contract and the screen already; on today's order model a cancel deletes the row, so it matches
 * no order until cancelled orders stay as rows (issue 16, the order lifecycle). No zod here: the
 * admin page's chunk reads the view with it.
 */
export const orderStates = ['unpaid', 'paid', 'shipped', 'cancelled'] as const;
export type OrderState = (typeof orderStates)[number];

export const orderStateLabels: Record<OrderState, string> = {
  unpaid: 'Unpaid',
  paid: 'Paid, not shipped',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
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
