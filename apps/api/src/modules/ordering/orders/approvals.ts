import { and, eq } from 'drizzle-orm';
import type { OrderDetail } from '@shop/shared/contracts/orders';
import { formatDollars } from '@shop/shared/money';
import { orderPagePath } from '@shop/shared/order-links';
import type { Database } from '../../../db/client';
import type { TellChanged } from '../../../lib/change-topics';
import { conflict, forbidden, notFound } from '../../../lib/errors';
import type { Actor } from '../../../lib/request-context';
import { users } from '../../accounts';
import { companyMembers, membershipOf } from '../../companies';
import type { Mailer } from '../../mail';
import { findOrderRow, type OrderRow } from './find-order';
import { recordOrderEvent } from './order-events';
import { toOrderDetail } from './order-lines';
import { closeUnpaid, lockOrder } from './order-transitions';
import { orders } from './orders.table';

export interface ApprovalDeps {
  db: Database;
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  tellChanged: TellChanged;
}

export type ApprovalDecision = { approve: true } | { approve: false; reason: string };

/** An order of the caller's company, for its admins: 404 to outsiders, 403 to other members. */
async function orderForCompanyAdmin(db: Database, actor: Actor, id: string): Promise<OrderRow> {
  const order = await findOrderRow(db, id);
  const membership = await membershipOf(db, actor.id);
  if (!order || !order.companyId || membership?.companyId !== order.companyId) throw notFound('Order');
  if (membership.role !== 'admin') throw forbidden("Only your company's admins approve orders");
  return order;
}

/**
 * A company admin decides a buyer's order awaiting approval (docs/behaviour.md §5.21), once:
 * under the order's lock, only an order still unpaid and awaiting is decided, so of two admins
 * deciding at once one wins and the other hears 409. Approved, it goes on to payment; declined,
 * it is cancelled with the reason and its stock returned in the same transaction. The buyer is
 * e-mailed either way.
 */
export async function decideApproval(
  { db, mailer, publicUrl, tellChanged }: ApprovalDeps,
  actor: Actor,
  id: string,
  decision: ApprovalDecision,
): Promise<OrderDetail> {
  await orderForCompanyAdmin(db, actor, id);
  const order = await db.transaction(async (tx) => {
    const locked = await lockOrder(tx, id);
    if (!locked || locked.state !== 'unpaid' || locked.approvalState !== 'awaiting') {
      throw conflict('This order no longer waits for approval');
    }
    await tx
      .update(orders)
      .set({
        approvalState: decision.approve ? 'approved' : 'declined',
        approvalReason: decision.approve ? null : decision.reason,
        approvalDecidedBy: actor.id,
      })
      .where(eq(orders.id, id));
    if (decision.approve) {
      await recordOrderEvent(tx, { orderId: id, kind: 'approved', actorUserId: actor.id });
    } else {
      await closeUnpaid(tx, id, 'approval-declined', { actorUserId: actor.id });
    }
    return (await findOrderRow(tx, id))!;
  });
  if (!decision.approve) tellChanged('tools');
  const [buyer] = await db.select().from(users).where(eq(users.id, order.userId));
  if (buyer) {
    mailer.send('order-approval-decided', buyer.email, {
      name: buyer.emailVerified ? buyer.name : null,
      orderSummary: order.toolName,
      approved: decision.approve,
      reason: decision.approve ? null : decision.reason,
      orderUrl: `${publicUrl}${orderPagePath(order.id)}`,
    });
  }
  return toOrderDetail(db, order);
}

/**
 * Tells the company's admins that a buyer's order awaits their approval (§5.21). Called once
 * the order is committed; the buyer's own mail (order-placed) says it waits.
 */
export async function askForApproval(
  { db, mailer, publicUrl }: Omit<ApprovalDeps, 'tellChanged'>,
  orderId: string,
): Promise<void> {
  const order = await findOrderRow(db, orderId);
  if (!order?.companyId) return;
  const membership = await membershipOf(db, order.userId);
  const admins = await db
    .select({ name: users.name, email: users.email, emailVerified: users.emailVerified })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, order.companyId), eq(companyMembers.role, 'admin')));
  for (const admin of admins) {
    mailer.send('order-approval-requested', admin.email, {
      name: admin.emailVerified ? admin.name : null,
      buyerName: order.customerName,
      companyName: membership?.companyName ?? 'your company',
      orderSummary: order.toolName,
      total: formatDollars(order.priceCents / 100),
      limit: membership?.orderLimitCents ? formatDollars(membership.orderLimitCents / 100) : 'none',
      orderUrl: `${publicUrl}${orderPagePath(order.id)}`,
    });
  }
}
