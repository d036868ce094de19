import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../../db/client';

/**
 * Queues the 'expiring soon' mail of every unpaid order that expires within `reminderMs` of
 * `now` and has not expired yet (docs/behaviour.md §5.11). Once per order: the outbox's unique
 * key turns a second reminder of the same order into nothing. Answers the orders reminded now.
 */
export async function remindUnpaidOrders(
  db: Database,
  { now, ttlMs, reminderMs }: { now: Date; ttlMs: number; reminderMs: number },
): Promise<string[]> {
  if (reminderMs <= 0) return [];
  const remindFrom = new Date(now.getTime() - (ttlMs - reminderMs)).toISOString();
  const expiredFrom = new Date(now.getTime() - ttlMs).toISOString();
  const result = await db.execute(sql`
    insert into order_mail_outbox (order_id, kind, order_snapshot)
    select o.id, 'expiring-soon', to_jsonb(o) from orders o
    where o.state = 'unpaid'
      and o.created_at <= ${remindFrom}::timestamptz and o.created_at > ${expiredFrom}::timestamptz
    on conflict (order_id, kind) do nothing
    returning order_id`);
  return rowsOf<{ order_id: string }>(result).map((row) => row.order_id);
}
