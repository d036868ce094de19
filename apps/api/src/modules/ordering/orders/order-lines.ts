import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderDetail, OrderLine } from '@shop/shared/contracts/orders';
import { centsToDollars } from '@shop/shared/money';
import type { DbExecutor } from '../../../db/client';
import type { OrderRow } from './find-order';
import { toOrderDto } from './order-dto';
import { orderLines } from './order-lines.table';
import { orderTaxLines } from './order-tax-lines.table';
import { taxLinesOf, toTaxLine, type TaxLineFields } from './order-tax';
import { orders } from './orders.table';

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

type OrderLineFields = Pick<
  OrderLineRow,
  'toolId' | 'toolName' | 'sku' | 'quantity' | 'unitPriceCents' | 'lineTotalCents'
>;

const toOrderLineDto = (line: OrderLineFields): OrderLine => ({
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

/** A tax line as JSON carries its time as text. */
type TaxLineJson = Omit<TaxLineFields, 'reversedAt'> & { reversedAt: string | null };

/**
 * One order with its lines and tax lines, read in one statement: what a checkout answers once it
 * has committed (three reads before; docs/performance.md, the checkout). Undefined when no such order.
 */
export async function readOrderDetail(db: DbExecutor, orderId: string): Promise<OrderDetail | undefined> {
  // The subqueries name the order as `${orders}.id`: drizzle writes a column of the one table
  // selected from without its table, and a bare "id" there would be the line's own.
  const [found] = await db
    .select({
      order: orders,
      lines: sql<OrderLineFields[]>`coalesce((
        SELECT json_agg(json_build_object(
          'toolId', l.tool_id, 'toolName', l.tool_name, 'sku', l.sku, 'quantity', l.quantity,
          'unitPriceCents', l.unit_price_cents, 'lineTotalCents', l.line_total_cents
        ) ORDER BY l.position)
        FROM ${orderLines} l WHERE l.order_id = ${orders}.id), '[]')`,
      taxLines: sql<TaxLineJson[]>`coalesce((
        SELECT json_agg(json_build_object(
          'jurisdiction', t.jurisdiction, 'label', t.label, 'reason', t.reason, 'ratePpm', t.rate_ppm,
          'taxableCents', t.taxable_cents, 'taxCents', t.tax_cents, 'reference', t.reference,
          'reversedAt', t.reversed_at
        ) ORDER BY t.position)
        FROM ${orderTaxLines} t WHERE t.order_id = ${orders}.id), '[]')`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!found) return undefined;
  return {
    ...toOrderDto(found.order),
    lines: found.lines.map(toOrderLineDto),
    taxLines: found.taxLines.map((line) =>
      toTaxLine({ ...line, reversedAt: line.reversedAt === null ? null : new Date(line.reversedAt) }),
    ),
  };
}
