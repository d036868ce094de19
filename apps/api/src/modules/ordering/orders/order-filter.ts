import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { OrderState } from '@shop/shared/order-states';
import { containsPattern } from '../../../lib/keyset';
import { orders } from './orders.table';

/** The filter Total Orders and its export share: a state, and a customer name or e-mail. */
export interface OrderFilter {
  state?: OrderState | undefined;
  q?: string | undefined;
}

/** The filter's condition; undefined when it keeps every order. */
export function matchingOrders({ state, q }: OrderFilter): SQL | undefined {
  const search = q ? containsPattern(q) : undefined;
  return and(
    state ? eq(orders.state, state) : undefined,
    search ? or(ilike(orders.customerName, search), ilike(orders.email, search)) : undefined,
  );
}
