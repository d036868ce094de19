import { sql, type SQL } from 'drizzle-orm';
import type { CountedOrderState } from '@shop/shared/contracts/shop-metrics';
import { orders } from './orders.table';

/**
 * An order's state, read from its columns in SQL: the one place that says how (today: unpaid,
 * paid, shipped; docs/behaviour.md §4.2). A state added to orders (cancelled, expired, refunded)
 * gets its branch here and its name in COUNTED_ORDER_STATES, and the dashboard counts it.
 */
export const orderStateSql = (): SQL<CountedOrderState> =>
  sql<CountedOrderState>`CASE WHEN ${orders.ship} THEN 'shipped' WHEN ${orders.paid} THEN 'paid' ELSE 'unpaid' END`;

/** Orders that are sales: paid (shipped ones included), timed by `paid_at`. */
export const isSaleSql = (): SQL => sql`${orders.paid}`;
