import { asc, eq, inArray } from 'drizzle-orm';
import type { OrderDetail, OrderLine } from '@shop/shared/contracts/orders';
import { centsToDollars } from '@shop/shared/money';
import type { DbExecutor } from '../../../db/client';
import type { OrderRow } from './find-order';
import { toOrderDto } from './order-dto';
import { orderLines } from './order-lines.table';
import { taxLinesOf } from './order-tax';

export type OrderLineRow = typeof orderLines.$inferSelect;

/** An order's lines, in the buyer's order. */
export function linesOf(db: DbExecutor, orderId: string): Promise<OrderLineRow[]> {
  return db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
}

/** The lines of several orders at once, by order, each in the buyer's order. */
export async function linesOfOrders(
  db: DbExecutor,
  orderIds: readonly string[],
): Promise<Map<string, OrderLineRow[]>> {
  const byOrder = new Map<string, OrderLineRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
  return byOrder;
}

const toOrderLineDto = (line: OrderLineRow): OrderLine => ({
  toolId: line.toolId,
  toolName: line.toolName,
  sku: line.sku,
  quantity: line.quantity,
  unitPrice: centsToDollars(line.unitPriceCents),
  lineTotal: centsToDollars(line.lineTotalCents),
});

/** One order with its lines, as the order page, the payment page and the admin's cancel answer it. */
export async function toOrderDetail(db: DbExecutor, row: OrderRow): Promise<OrderDetail> {
  const [lines, taxLines] = await Promise.all([linesOf(db, row.id), taxLinesOf(db, row.id)]);
  return { ...toOrderDto(row), lines: lines.map(toOrderLineDto), taxLines };
}
