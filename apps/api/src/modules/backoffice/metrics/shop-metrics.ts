import { and, count, eq, gte, isNull, lt, sql, sum } from 'drizzle-orm';
import {
  COUNTED_ORDER_STATES,
  LOW_STOCK_LIST_COUNT,
  TOP_TOOLS_COUNT,
  type ShopMetrics,
} from '@shop/shared/contracts/shop-metrics';
import { DEFAULT_LOW_STOCK_ORDERS } from '@shop/shared/constants';
import { centsToDollars } from '@shop/shared/money';
import { rowsOf, type Database, type DbExecutor } from '../../../db/client';
import { isSaleSql, orderLines, orderStateSql, orders } from '../../ordering';
import { tools } from '../../catalogue';
import { daysOf, metricPeriod, type MetricPeriodRange } from './metric-period';

/**
 * The owner's dashboard (docs/behaviour.md §8.1): every figure is an SQL aggregate, read in one
 * read-only snapshot so that the figures agree with each other (a payment landing meanwhile is
 * in all of them or in none).
 */
export async function computeShopMetrics(db: Database, days: number, now: Date): Promise<ShopMetrics> {
  const period = metricPeriod(days, now);
  return db.transaction(
    async (tx) => {
      const salesByDay = await salesPerDay(tx, period);
      const byState = await ordersPlacedByState(tx, period);
      const topTools = await bestSellers(tx, period);
      const lowStock = await lowStockTools(tx);
      return {
        period: periodDto(period),
        ...salesFigures(period, salesByDay),
        ...byState,
        topTools,
        lowStock,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

const periodDto = ({ days, from, to }: MetricPeriodRange) => ({
  days,
  from: from.toISOString(),
  to: to.toISOString(),
});

/** Sales are paid orders, in the period by when they were paid. */
const paidIn = ({ from, to }: MetricPeriodRange) =>
  and(isSaleSql(), gte(orders.paidAt, from), lt(orders.paidAt, to));

interface DaySales {
  day: string;
  revenueCents: number;
  paidOrders: number;
  aboveMinimum: number;
}

/**
 * One row per day with a sale: the chart's bars, and summed, the sales figures. Rows are binned
 * by UTC day with date_bin (plain arithmetic) and only each day's bin is formatted: formatting
 * every row was most of this query's cost at 100,000 orders (decision 0032).
 */
async function salesPerDay(tx: DbExecutor, period: MetricPeriodRange): Promise<DaySales[]> {
  const dayStart = sql`date_bin('1 day', ${orders.paidAt}, timestamptz '2000-01-01 00:00Z')`;
  return tx
    .select({
      day: sql<string>`to_char(${dayStart} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
      revenueCents: sum(orders.priceCents).mapWith(Number),
      paidOrders: count(),
      // An order whose tool is gone (no minimum recorded) counts as not above it.
      aboveMinimum:
        sql<number>`count(*) FILTER (WHERE ${orders.quantity} > ${orders.minOrderQuantity})`.mapWith(Number),
    })
    .from(orders)
    .where(paidIn(period))
    .groupBy(dayStart);
}

function salesFigures(period: MetricPeriodRange, rows: DaySales[]) {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const revenueByDay = daysOf(period).map((day) => ({
    day,
    revenue: centsToDollars(byDay.get(day)?.revenueCents ?? 0),
    paidOrders: byDay.get(day)?.paidOrders ?? 0,
  }));
  const total = (key: 'revenueCents' | 'paidOrders' | 'aboveMinimum') =>
    rows.reduce((sum, row) => sum + row[key], 0);
  const revenueCents = total('revenueCents');
  const paidOrders = total('paidOrders');
  const aboveMinimum = total('aboveMinimum');
  return {
    sales: {
      revenue: centsToDollars(revenueCents),
      paidOrders,
      averageOrderValue: paidOrders ? centsToDollars(Math.round(revenueCents / paidOrders)) : null,
      aboveMinimum,
      aboveMinimumShare: paidOrders ? aboveMinimum / paidOrders : null,
    },
    revenueByDay,
  };
}

/** Orders placed in the period, by their state now; the unpaid ones' value is money waiting. */
async function ordersPlacedByState(tx: DbExecutor, { from, to }: MetricPeriodRange) {
  const state = orderStateSql();
  const rows = await tx
    .select({ state, orders: count(), valueCents: sum(orders.priceCents).mapWith(Number) })
    .from(orders)
    .where(and(gte(orders.createdAt, from), lt(orders.createdAt, to)))
    .groupBy(state);
  const of = (wanted: string) => rows.find((row) => row.state === wanted);
  return {
    ordersByState: COUNTED_ORDER_STATES.map((name) => ({ state: name, count: of(name)?.orders ?? 0 })),
    waitingUnpaid: {
      orders: of('unpaid')?.orders ?? 0,
      value: centsToDollars(of('unpaid')?.valueCents ?? 0),
    },
  };
}

/**
 * Units in the period's paid orders per tool, most first (ties by name), counted on the orders'
 * lines. Summed per tool before the tool's current name is looked up; a line whose tool was
 * deleted counts under its own name.
 */
async function bestSellers(tx: DbExecutor, period: MetricPeriodRange) {
  const perTool = tx
    .select({
      toolId: orderLines.toolId,
      // Only for lines whose tool is gone: grouped by the name they were placed under.
      orphanName: sql<
        string | null
      >`CASE WHEN ${orderLines.toolId} IS NULL THEN ${orderLines.toolName} END`.as('orphan_name'),
      units: sql<number>`sum(${orderLines.quantity})`.mapWith(Number).as('units'),
    })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(paidIn(period))
    .groupBy(orderLines.toolId, sql`2`)
    .as('per_tool');
  const name = sql<string>`coalesce(${tools.name}, ${perTool.orphanName})`;
  const rows = await tx
    .select({ toolId: perTool.toolId, toolName: name, units: perTool.units })
    .from(perTool)
    .leftJoin(tools, sql`${tools.id} = ${perTool.toolId}`)
    .orderBy(sql`${perTool.units} DESC`, sql`lower(${name}) collate "C"`, perTool.toolId)
    .limit(TOP_TOOLS_COUNT);
  return rows;
}

/** Tools in the shop at or under their low-stock line (§3.13), the emptiest first. */
async function lowStockTools(tx: DbExecutor) {
  const line = sql<number>`coalesce(${tools.lowStockThreshold}, ${DEFAULT_LOW_STOCK_ORDERS} * ${tools.minOrderQuantity})`;
  const result = await tx.execute(sql`
    SELECT ${tools.id} AS id, ${tools.name} AS name, ${tools.availableQuantity} AS available,
           ${line} AS line,
           count(*) OVER () AS total,
           count(*) FILTER (WHERE ${tools.availableQuantity} = 0) OVER () AS out_of_stock
      FROM ${tools}
     WHERE ${isNull(tools.archivedAt)} AND ${tools.availableQuantity} <= ${line}
     ORDER BY ${tools.availableQuantity}, lower(${tools.name}) collate "C", ${tools.id}
     LIMIT ${LOW_STOCK_LIST_COUNT}`);
  const rows = rowsOf<{
    id: string;
    name: string;
    available: number;
    line: number;
    total: unknown;
    out_of_stock: unknown;
  }>(result);
  return {
    count: Number(rows[0]?.total ?? 0),
    outOfStock: Number(rows[0]?.out_of_stock ?? 0),
    tools: rows.map((row) => ({
      _id: row.id,
      name: row.name,
      availableQuantity: Number(row.available),
      lowStockLine: Number(row.line),
    })),
  };
}
