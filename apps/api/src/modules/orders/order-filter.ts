import { and, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { OrderState } from '@shop/shared/order-states';
import { containsPattern } from '../../lib/keyset';
import { orders } from './orders.table';

/**
 * Which orders are in a state (docs/behaviour.md §21.2), over today's columns: unpaid, paid (not
 * yet shipped) and shipped follow from `paid` and `ship`. A cancel deletes the order today, so no
 * row is 'cancelled' yet; once cancelled orders stay as rows with a state (the order lifecycle of
 * issue 16), this function is the one place to change.
 */
function inState(state: OrderState): SQL {
  switch (state) {
    case 'unpaid':
      return eq(orders.paid, false);
    case 'paid':
      return and(eq(orders.paid, true), eq(orders.ship, false))!;
    case 'shipped':
      return eq(orders.ship, true);
    case 'cancelled':
      return sql`false`;
  }
}

/** The filter Total Orders and its export share: a state, and a customer name or e-mail. */
export interface OrderFilter {
  state?: OrderState | undefined;
  q?: string | undefined;
}

/** The filter's condition; undefined when it keeps every order. */
export function matchingOrders({ state, q }: OrderFilter): SQL | undefined {
  const search = q ? containsPattern(q) : undefined;
  return and(
    state ? inState(state) : undefined,
    search ? or(ilike(orders.customerName, search), ilike(orders.email, search)) : undefined,
  );
}

/** The state an order is in, as the filter names it (the CSV's State column). */
export const stateOf = (row: { paid: boolean; ship: boolean }): OrderState =>
  row.ship ? 'shipped' : row.paid ? 'paid' : 'unpaid';
