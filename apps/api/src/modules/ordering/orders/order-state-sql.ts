import { sql, type SQL } from 'drizzle-orm';
import { orders } from './orders.table';

/**
 * Orders that are sales: paid and kept (shipped ones included), timed by `paid_at`. A refunded
 * order, or one whose refund is under way, gave its money back: not a sale. The dashboard's
 * roll-up (backoffice/metrics/sql/order-rollups.sql) says the same in SQL: change both together.
 */
export const isSaleSql = (): SQL => sql`${orders.state} in ('paid', 'shipped')`;
