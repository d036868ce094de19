import { inArray } from 'drizzle-orm';
import type { OrderEvent } from '@shop/shared/contracts/orders';
import type { OrderEventKind } from '@shop/shared/order-states';
import type { Database } from '../../../db/client';
import type { Actor } from '../../../lib/request-context';
import { users } from '../../accounts';
import { findOrderFor } from './find-order';
import { toOrderDetail } from './order-lines';
import { listOrderEvents } from './order-events';

/**
 * One order and its events, oldest first, for its owner or an admin (docs/behaviour.md §5.6).
 * Who acted is told as the customer, an admin or the shop itself; admins also see the e-mail.
 */
export async function getOrderTimeline(db: Database, actor: Actor, id: string) {
  const order = await findOrderFor(db, actor, id, { admins: true });
  const rows = await listOrderEvents(db, order.id);
  const actorIds = [...new Set(rows.flatMap((row) => (row.actorUserId ? [row.actorUserId] : [])))];
  const emails = new Map<string, string>();
  if (actor.isAdmin && actorIds.length > 0) {
    const found = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.id, actorIds));
    for (const user of found) emails.set(user.id, user.email);
  }
  const events: OrderEvent[] = rows.map((row) => ({
    kind: row.kind as OrderEventKind,
    at: row.createdAt.toISOString(),
    actor: !row.actorUserId ? 'system' : row.actorUserId === order.userId ? 'customer' : 'admin',
    actorEmail: row.actorUserId ? (emails.get(row.actorUserId) ?? null) : null,
    carrier: row.details?.carrier ?? null,
    trackingNumber: row.details?.trackingNumber ?? null,
  }));
  return { order: await toOrderDetail(db, order), events };
}
