import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DatabaseHandle } from '../../src/db/client';

/**
 * The dashboard's roll-up (decision 0046): a job folds its rows, rewriting them without changing
 * what they add up to, so it is read as its sums per key.
 */
const READ_AS_SUMS: Record<string, SQL> = {
  sales_by_day: sql`SELECT day, sum(revenue_cents) AS revenue, sum(paid_orders) AS paid, sum(above_minimum) AS above
    FROM sales_by_day GROUP BY day
    HAVING sum(revenue_cents) <> 0 OR sum(paid_orders) <> 0 OR sum(above_minimum) <> 0 ORDER BY day`,
  orders_placed_by_day: sql`SELECT day, state, sum(orders) AS orders, sum(value_cents) AS value
    FROM orders_placed_by_day GROUP BY day, state
    HAVING sum(orders) <> 0 OR sum(value_cents) <> 0 ORDER BY day, state`,
  units_sold_by_day: sql`SELECT day, tool_id, orphan_name, sum(units) AS units
    FROM units_sold_by_day GROUP BY day, tool_id, orphan_name
    HAVING sum(units) <> 0 ORDER BY day, tool_id, orphan_name`,
};

/**
 * Every row of every table of the shop's schema, in a fixed order, as one string: two reads that
 * compare equal mean nothing stored changed. Tables are read from the catalogue, so a table added
 * later is covered without touching the tests that use this.
 */
export async function storedState({ db }: DatabaseHandle): Promise<string> {
  const tables = await db.execute(sql`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
    ORDER BY table_name`);
  const state: Record<string, unknown[]> = {};
  for (const { name } of rowsOf<{ name: string }>(tables)) {
    // Ordering by the row's text gives one order whatever the table's keys are.
    const rows = await db.execute(
      READ_AS_SUMS[name] ?? sql`SELECT * FROM ${sql.identifier(name)} AS t ORDER BY t::text`,
    );
    state[name] = rowsOf(rows);
  }
  return JSON.stringify(state);
}
