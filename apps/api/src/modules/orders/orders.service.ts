import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { copy } from '@shop/shared/copy';
import { centsToDollars } from '@shop/shared/money';
import type { CreateOrderBody, Order } from '@shop/shared/contracts/orders';
import type { Database, DbExecutor } from '../../db/client';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Actor } from '../accounts/actor';
import { tools } from '../tools/tools.table';
import { orders } from './orders.table';

type OrderRow = typeof orders.$inferSelect;

export function toOrderDto(row: OrderRow): Order {
  return {
    _id: row.id,
    toolsId: row.toolId,
    toolsName: row.toolName,
    name: row.customerName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    address: row.address,
    quantity: row.quantity,
    unitPrice: centsToDollars(row.unitPriceCents),
    price: centsToDollars(row.priceCents),
    paid: row.paid,
    transactionId: row.transactionId,
    ship: row.ship,
    createdAt: row.createdAt.toISOString(),
  };
}

const newestFirst = [desc(orders.createdAt), desc(orders.id)] as const;

async function findOrderRow(db: DbExecutor, id: string): Promise<OrderRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/**
 * Places an order for the signed-in customer. Only the tool, quantity, phone and address of
 * the request count: the tool's name and unit price come from its row, the customer's name
 * and e-mail from the account, and the price is computed here in integer cents. The stock is
 * reserved in the same transaction by a guarded decrement, so it is never oversold.
 */
export async function placeOrder(db: Database, actor: Actor, body: CreateOrderBody): Promise<string> {
  if (!isUuid(body.toolsId)) throw notFound('Tool');
  const { quantity } = body;
  return db.transaction(async (tx) => {
    const [tool] = await tx
      .select({ minOrderQuantity: tools.minOrderQuantity, availableQuantity: tools.availableQuantity })
      .from(tools)
      .where(eq(tools.id, body.toolsId))
      .limit(1);
    if (!tool) throw notFound('Tool');
    if (quantity < tool.minOrderQuantity) {
      throw new AppError('below-minimum-quantity', copy.belowMinimumOrder);
    }
    if (quantity > tool.availableQuantity) throw new AppError('insufficient-stock', copy.aboveStock);

    // The decision: the row is decremented only while enough stock remains at this instant.
    const [reserved] = await tx
      .update(tools)
      .set({ availableQuantity: sql`${tools.availableQuantity} - ${quantity}` })
      .where(and(eq(tools.id, body.toolsId), gte(tools.availableQuantity, quantity)))
      .returning({ name: tools.name, unitPriceCents: tools.unitPriceCents });
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

/** The caller's own orders, newest first; asking for another e-mail's orders is refused. */
export async function listOrdersOf(db: Database, actor: Actor, emailQuery?: string): Promise<Order[]> {
  if (emailQuery !== undefined && emailQuery.trim().toLowerCase() !== actor.email.toLowerCase()) {
    throw forbidden('You can only see your own orders');
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

// Another customer's order answers 403 (not 404), here and in cancelOrder alike.
export async function getOrder(db: Database, actor: Actor, id: string): Promise<Order> {
  const row = await findOrderRow(db, id);
  if (!row) throw notFound('Order');
  if (row.userId !== actor.id && !actor.isAdmin) throw forbidden('This is not your order');
  return toOrderDto(row);
}

/**
 * Cancels (deletes) the caller's own unpaid order and gives its quantity back to the tool, in
 * one transaction. The guarded delete decides: of two concurrent cancels only one deletes the
 * row, so the stock is released exactly once.
 */
export async function cancelOrder(db: Database, actor: Actor, id: string): Promise<number> {
  if (!isUuid(id)) throw notFound('Order');
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, actor.id), eq(orders.paid, false)))
      .returning({ quantity: orders.quantity, toolId: orders.toolId });
    if (!deleted) {
      const row = await findOrderRow(tx, id);
      if (!row) throw notFound('Order');
      if (row.userId !== actor.id) throw forbidden('This is not your order');
      throw conflict('A paid order cannot be cancelled');
    }
    // A tool deleted since keeps no stock to give back to.
    if (deleted.toolId) {
      await tx
        .update(tools)
        .set({ availableQuantity: sql`${tools.availableQuantity} + ${deleted.quantity}` })
        .where(eq(tools.id, deleted.toolId));
    }
    return 1;
  });
}

/** Marks a paid, unshipped order as shipped (admin). There is no way back. */
export async function shipOrder(db: Database, id: string): Promise<{ modifiedCount: number }> {
  if (!isUuid(id)) throw notFound('Order');
  const [shipped] = await db
    .update(orders)
    .set({ ship: true, shippedAt: sql`now()` })
    .where(and(eq(orders.id, id), eq(orders.paid, true), eq(orders.ship, false)))
    .returning({ id: orders.id });
  if (shipped) return { modifiedCount: 1 };
  const row = await findOrderRow(db, id);
  if (!row) throw notFound('Order');
  if (!row.paid) throw conflict('Only a paid order can be shipped');
  throw conflict('This order has already been shipped');
}
