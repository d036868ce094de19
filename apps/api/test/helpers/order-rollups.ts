import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf, type Database, type DbExecutor } from '../../src/db/client';
import { foldOrderRollups } from '../../src/modules/backoffice/metrics/order-rollups';

/**
 * The dashboard's daily roll-up against the orders (decision 0046): every figure summed from the
 * roll-up equals the same figure summed from the orders and their lines.
 */
type Row = Record<string, string | number | null>;

async function rows(db: DbExecutor, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = rowsOf<Row>(await db.execute(query));
  return result
    .map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v === null ? null : String(v)])))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** Every figure the dashboard reads, summed per day and key straight from the orders. */
const fromOrders = (db: DbExecutor) =>
  Promise.all([
    rows(
      db,
      sql`SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, state,
                 count(*) AS orders, sum(price_cents) AS value
            FROM orders GROUP BY 1, 2`,
    ),
    rows(
      db,
      sql`SELECT to_char((paid_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, sum(price_cents) AS revenue,
                 count(*) AS paid, count(*) FILTER (WHERE quantity > min_order_quantity) AS above
            FROM orders WHERE state IN ('paid', 'shipped') AND paid_at IS NOT NULL GROUP BY 1`,
    ),
    rows(
      db,
      sql`SELECT to_char((o.paid_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, l.tool_id,
                 CASE WHEN l.tool_id IS NULL THEN l.tool_name END AS orphan, sum(l.quantity) AS units
            FROM orders o JOIN order_lines l ON l.order_id = o.id
           WHERE o.state IN ('paid', 'shipped') AND o.paid_at IS NOT NULL GROUP BY 1, 2, 3`,
    ),
  ]);

/** The same figures summed from the roll-up (a key whose differences cancel out is no key). */
const fromRollup = (db: DbExecutor) =>
  Promise.all([
    rows(
      db,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, state, sum(orders) AS orders, sum(value_cents) AS value
            FROM orders_placed_by_day GROUP BY 1, 2 HAVING sum(orders) <> 0 OR sum(value_cents) <> 0`,
    ),
    rows(
      db,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(revenue_cents) AS revenue, sum(paid_orders) AS paid,
                 sum(above_minimum) AS above
            FROM sales_by_day GROUP BY 1
          HAVING sum(revenue_cents) <> 0 OR sum(paid_orders) <> 0 OR sum(above_minimum) <> 0`,
    ),
    rows(
      db,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, tool_id, orphan_name AS orphan, sum(units) AS units
            FROM units_sold_by_day GROUP BY 1, 2, 3 HAVING sum(units) <> 0`,
    ),
  ]);

/** Rows per key after a fold: one each, none left unfolded. */
const rowsPerKeyAfterFold = async (db: Database) =>
  rows(
    db,
    sql`SELECT max(n) AS most, sum(unfolded) AS unfolded FROM (
          SELECT count(*) AS n, count(*) FILTER (WHERE NOT folded) AS unfolded FROM sales_by_day GROUP BY day
          UNION ALL SELECT count(*), count(*) FILTER (WHERE NOT folded) FROM orders_placed_by_day GROUP BY day, state
          UNION ALL SELECT count(*), count(*) FILTER (WHERE NOT folded) FROM units_sold_by_day
                    GROUP BY day, tool_id, orphan_name) AS keys`,
  );

/** Both sums from one snapshot: the shop's own jobs (expiry) may write orders meanwhile. */
const bothSums = (db: Database) =>
  db.transaction(
    async (tx) => {
      const rollup = await fromRollup(tx);
      return { rollup, orders: await fromOrders(tx) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

/** Tied before and after a fold; after it, one folded row per key. */
export async function expectRollupTied(db: Database) {
  const before = await bothSums(db);
  expect(before.rollup).toEqual(before.orders);
  await foldOrderRollups(db);
  const after = await bothSums(db);
  expect(after.rollup).toEqual(after.orders);
  const [keys] = await rowsPerKeyAfterFold(db);
  expect(keys).toMatchObject({ unfolded: expect.stringMatching(/^(0|null)?$/) });
  expect(Number(keys!.most ?? 1)).toBeLessThanOrEqual(1);
}
