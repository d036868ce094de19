import { asc, eq, sql } from 'drizzle-orm';
import type { OrderEventKind } from '@shop/shared/order-states';
import type { DbExecutor } from '../../../db/client';
import { enqueueOrderMail } from '../order-mail/enqueue-order-mail';
import type { OrderMailKind } from '@shop/shared/contracts/order-mail';
import { orderEvents } from './order-events.table';

export interface OrderEventInput {
  orderId: string;
  kind: OrderEventKind;
  /** The user who made the change; null for the shop itself (expiry, an automatic refund). */
  actorUserId: string | null;
  details?: Record<string, string> | null;
}

/**
 * The one place an order's event is written (docs/behaviour.md §5.6), in the caller's
 * transaction, right after the change it records: the change and its event commit together or
 * not at all. Whatever must follow an event (the order e-mails) hooks on here. The only other
 * writer is place_order, which records 'placed' inside its own call.
 */
export async function recordOrderEvent(tx: DbExecutor, event: OrderEventInput): Promise<void> {
  await tx.insert(orderEvents).values({
    orderId: event.orderId,
    kind: event.kind,
    actorUserId: event.actorUserId,
    details: event.details ?? null,
  });
  const mail = mailOfEvent[event.kind];
  if (mail) await enqueueOrderMail(tx, { orderId: event.orderId, kind: mail });
}

/**
 * The customer's e-mail of each event (docs/behaviour.md §5.12), queued with it. 'placed' is
 * queued by a trigger on the order's insert (place_order); 'paid' by markPaid, which alone knows
 * whether the payment paid the order or came too late and is being refunded.
 */
const mailOfEvent: Partial<Record<OrderEventKind, OrderMailKind>> = {
  shipped: 'shipped',
  'cancelled-by-customer': 'cancelled',
  'cancelled-by-admin': 'cancelled',
  expired: 'expired',
  refunded: 'refunded',
};

export type OrderEventRow = typeof orderEvents.$inferSelect;

/** An order's events, oldest first. */
export function listOrderEvents(db: DbExecutor, orderId: string): Promise<OrderEventRow[]> {
  return (
    db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      // 'placed' first whatever the clock says: place_order writes it and 'approval-requested' in one
      // call, within the same microsecond at times, and the id (random) would order them by chance.
      .orderBy(asc(orderEvents.createdAt), sql`${orderEvents.kind} <> 'placed'`, asc(orderEvents.id))
  );
}
