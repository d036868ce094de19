import { sql } from 'drizzle-orm';
import { rowsOf, type DatabaseHandle } from '../../src/db/client';

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
    const rows = await db.execute(sql`SELECT * FROM ${sql.identifier(name)} AS t ORDER BY t::text`);
    state[name] = rowsOf(rows);
  }
  return JSON.stringify(state);
}
