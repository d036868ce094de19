import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../../db/client';
import { notFound } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import type { Actor } from '../../../lib/request-context';
import { membershipOf } from '../../companies';
import { orders } from './orders.table';

export type OrderRow = typeof orders.$inferSelect;

export async function findOrderRow(db: DbExecutor, id: string): Promise<OrderRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/**
 * An order the caller may act on, or 404: another customer's order answers exactly as an unknown
 * id does, so no one learns which ids exist. `admins: true` lets admins read any order, and
 * the members of the company it was placed for (docs/behaviour.md §4.19); paying and cancelling
 * are the owner's alone.
 */
export async function findOrderFor(
  db: DbExecutor,
  actor: Actor,
  id: string,
  { admins }: { admins: boolean },
): Promise<OrderRow> {
  const row = await findOrderRow(db, id);
  if (!row) throw notFound('Order');
  if (row.userId === actor.id || (admins && actor.isAdmin)) return row;
  if (admins && row.companyId && (await membershipOf(db, actor.id))?.companyId === row.companyId) return row;
  throw notFound('Order');
}
