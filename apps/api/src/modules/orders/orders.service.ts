import { and, count, desc, eq, sql } from 'drizzle-orm';
import { MAX_ORDER_TOTAL_CENTS } from '@shop/shared/constants';
import { copy } from '@shop/shared/copy';
import type { CreateOrderBody, Order } from '@shop/shared/contracts/orders';
import type { Database, DbExecutor } from '../../db/client';
import { AppError, conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Actor } from '../accounts/actor';
import { releaseStock, reserveStock } from '../stock/stock.service';
import { findOrderTerms } from '../tools/tools.service';
import { findOrderFor, findOrderRow } from './find-order';
import { toOrderDto } from './order-dto';
import { markShipped, removeUnpaid } from './order-transitions';
import { orders } from './orders.table';

const newestFirst = [desc(orders.createdAt), desc(orders.id)] as const;

/**
 * Places an order for the signed-in customer. Only the tool, quantity, phone and address of
 * the request count: the tool's name and unit price come from its row, the customer's name
 * and e-mail from the account, and the price is computed here in integer cents
 * (docs/behaviour.md §10.8). The stock is reserved in the same transaction.
 */
export async function placeOrder(
  db: Database,
  actor: Actor,
  body: CreateOrderBody,
  { maxOpenUnpaid }: { maxOpenUnpaid: number },
): Promise<string> {
  if (!isUuid(body.toolsId)) throw notFound('Tool');
  const { quantity } = body;
  return db.transaction(async (tx) => {
    await refuseTooManyUnpaid(tx, actor.id, maxOpenUnpaid);
    const terms = await findOrderTerms(tx, body.toolsId);
    if (!terms) throw notFound('Tool');
    if (quantity < terms.minOrderQuantity) {
      throw new AppError('below-minimum-quantity', copy.belowMinimumOrder);
    }
    if (quantity > terms.availableQuantity) throw new AppError('insufficient-stock', copy.aboveStock);
    // Before reserving: a total no card processor can charge would hold stock for nothing.
    if (quantity * terms.unitPriceCents > MAX_ORDER_TOTAL_CENTS) {
      throw new AppError('invalid-input', copy.orderTotalTooHigh);
    }

    const reserved = await reserveStock(tx, body.toolsId, quantity);
    if (!reserved) throw new AppError('insufficient-stock', copy.aboveStock);

    const [inserted] = await tx
      .insert(orders)
      .values({
        toolId: body.toolsId,
        toolName: reserved.name,
        userId: actor.id,
        customerName: actor.name,
        email: actor.email,
        phoneNumber: body.phoneNumber,
        address: body.address,
        quantity,
        unitPriceCents: reserved.unitPriceCents,
        priceCents: quantity * reserved.unitPriceCents,
      })
      .returning({ id: orders.id });
    return inserted!.id;
  });
}

/**
 * Unpaid orders hold stock: one account could otherwise reserve a whole catalogue and never pay.
 * The count runs under a per-account advisory lock held to the end of the transaction, so two
 * orders placed at once by the same account cannot both pass at the limit (on PostgreSQL; PGlite
 * has one connection, which serializes anyway).
 */
async function refuseTooManyUnpaid(tx: DbExecutor, userId: string, max: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`open-orders:${userId}`}, 0))`);
  const [open] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.paid, false)));
  if ((open?.n ?? 0) >= max) {
    throw conflict(`You have ${max} unpaid orders; pay or cancel one before ordering more`);
  }
}

/** The caller's own orders, newest first; asking for another e-mail's orders is refused. */
export async function listOrdersOf(db: Database, actor: Actor, emailQuery?: string): Promise<Order[]> {
  if (emailQuery !== undefined && emailQuery.trim().toLowerCase() !== actor.email.toLowerCase()) {
    throw new AppError('forbidden', 'You can only see your own orders');
  }
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, actor.id))
    .orderBy(...newestFirst);
  return rows.map(toOrderDto);
}

/** Every order, newest first (admin). */
export async function listAllOrders(db: Database): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .orderBy(...newestFirst);
  return rows.map(toOrderDto);
}

/** One order, for its owner or an admin. */
export async function getOrder(db: Database, actor: Actor, id: string): Promise<Order> {
  return toOrderDto(await findOrderFor(db, actor, id, { admins: true }));
}

/**
 * Cancels (deletes) the caller's own unpaid order and gives its quantity back to the tool, in
 * one transaction. The guarded delete decides: of two concurrent cancels only one deletes the
 * row, so the stock is released exactly once.
 */
export async function cancelOrder(db: Database, actor: Actor, id: string): Promise<number> {
  return db.transaction(async (tx) => {
    const order = await findOrderFor(tx, actor, id, { admins: false });
    const removed = await removeUnpaid(tx, order.id, actor.id);
    if (!removed) {
      if (!(await findOrderRow(tx, id))) throw notFound('Order');
      throw conflict('A paid order cannot be cancelled');
    }
    await releaseStock(tx, removed.toolId, removed.quantity);
    return 1;
  });
}

/** Marks a paid, unshipped order as shipped (admin). There is no way back. */
export async function shipOrder(db: Database, id: string): Promise<{ modifiedCount: number }> {
  if (!isUuid(id)) throw notFound('Order');
  if (await markShipped(db, id)) return { modifiedCount: 1 };
  const row = await findOrderRow(db, id);
  if (!row) throw notFound('Order');
  if (!row.paid) throw conflict('Only a paid order can be shipped');
  throw conflict('This order has already been shipped');
}
