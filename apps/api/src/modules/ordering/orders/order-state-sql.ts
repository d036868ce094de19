import { sql, type SQL } from 'drizzle-orm';
import type { CountedOrderState } from '@shop/shared/contracts/shop-metrics';
import { orders } from './orders.table';

/** An order's state as the dashboard counts it: the state column (docs/behaviour.md §8.8). */
export const orderStateSql = (): SQL<CountedOrderState> => sql<CountedOrderState>`${orders.state}`;

/**
 * Orders that are sales: paid and kept (shipped ones included), timed by `paid_at`. A refunded
 * order, or one whose refund is under way, gave its money back: not a sale.
 */
export const isSaleSql = (): SQL => sql`${orders.state} in ('paid', 'shipped')`;
