import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { JobDefinition } from '../../jobs';

/**
 * Merges the roll-up's rows of differences into one row per day and key (order-rollups.sql):
 * without it a busy day would leave a row per checkout for the dashboard to sum. The figures are
 * the same before and after; only their cost changes.
 */
export async function foldOrderRollups(db: Database): Promise<void> {
  await db.execute(sql`SELECT fold_order_rollups()`);
}

/** The back office's job: folding the dashboard's roll-up every minute. */
export function backofficeJobs({ db }: { db: Database }): JobDefinition[] {
  return [{ name: 'order-rollups-fold', everyMinutes: 1, run: () => foldOrderRollups(db) }];
}
