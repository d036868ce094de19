import { and, gte, isNull, lt, sql, sum, type AnyColumn } from 'drizzle-orm';
import {
  COUNTED_ORDER_STATES,
  LOW_STOCK_LIST_COUNT,
  TOP_TOOLS_COUNT,
  type ShopMetrics,
} from '@shop/shared/contracts/shop-metrics';
import { DEFAULT_LOW_STOCK_ORDERS } from '@shop/shared/constants';
import { centsToDollars } from '@shop/shared/money';
import { rowsOf, type Database, type DbExecutor } from '../../../db/client';
import { tools } from '../../catalogue';
import { dayKey, daysOf, metricPeriod, type MetricPeriodRange } from './metric-period';
import { ordersPlacedByDay, salesByDay, unitsSoldByDay } from './order-rollups.table';

/**
 * The owner's dashboard (docs/behaviour.md §8.1): the order figures are sums over the daily
 * roll-up (order-rollups.table.ts, decision 0046), so a period costs the same whatever the number
 * of orders; read in one read-only snapshot so that the figures agree with each other (a payment
 * landing meanwhile is in all of them or in none).
 */
export async function computeShopMetrics(db: Database, days: number, now: Date): Promise<ShopMetrics> {
  const period = metricPeriod(days, now);
  return db.transaction(
    async (tx) => {
      const sales = await salesPerDay(tx, period);
      const byState = await ordersPlacedByState(tx, period);
      const topTools = await bestSellers(tx, period);
      const lowStock = await lowStockTools(tx);
      return {
        period: periodDto(period),
        ...salesFigures(period, sales),
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

/** The period's days as the roll-up's `day` column compares them: from the first, up to `to`. */
const inPeriod = (day: AnyColumn, { from, to }: MetricPeriodRange) =>
  and(gte(day, dayKey(from)), lt(day, dayKey(to)));

interface DaySales {
  day: string;
  revenueCents: number;
  paidOrders: number;
  aboveMinimum: number;
}

/** One row per day with a sale, by the day paid: the chart's bars, and summed, the sales figures. */
async function salesPerDay(tx: DbExecutor, period: MetricPeriodRange): Promise<DaySales[]> {
  return tx
    .select({
      day: salesByDay.day,
      revenueCents: sum(salesByDay.revenueCents).mapWith(Number),
      paidOrders: sum(salesByDay.paidOrders).mapWith(Number),
      aboveMinimum: sum(salesByDay.aboveMinimum).mapWith(Number),
    })
    .from(salesByDay)
    .where(inPeriod(salesByDay.day, period))
    .groupBy(salesByDay.day);
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
async function ordersPlacedByState(tx: DbExecutor, period: MetricPeriodRange) {
  const rows = await tx
    .select({
      state: ordersPlacedByDay.state,
      orders: sum(ordersPlacedByDay.orders).mapWith(Number),
      valueCents: sum(ordersPlacedByDay.valueCents).mapWith(Number),
    })
    .from(ordersPlacedByDay)
    .where(inPeriod(ordersPlacedByDay.day, period))
    .groupBy(ordersPlacedByDay.state);
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
 * Units in the period's paid orders per tool, most first (ties by name), from the roll-up of the
 * orders' lines. Summed per tool before the tool's current name is looked up; a line whose tool
 * was deleted counts under its own name.
 */
async function bestSellers(tx: DbExecutor, period: MetricPeriodRange) {
  const perTool = tx
    .select({
      toolId: unitsSoldByDay.toolId,
      orphanName: unitsSoldByDay.orphanName,
      units: sql<number>`sum(${unitsSoldByDay.units})`.mapWith(Number).as('units'),
    })
    .from(unitsSoldByDay)
    .where(inPeriod(unitsSoldByDay.day, period))
    .groupBy(unitsSoldByDay.toolId, unitsSoldByDay.orphanName)
    .having(sql`sum(${unitsSoldByDay.units}) > 0`)
    .as('per_tool');
  const name = sql<string>`coalesce(${tools.name}, ${perTool.orphanName})`;
  return tx
    .select({ toolId: perTool.toolId, toolName: name, units: perTool.units })
    .from(perTool)
    .leftJoin(tools, sql`${tools.id} = ${perTool.toolId}`)
    .orderBy(sql`${perTool.units} DESC`, sql`lower(${name}) collate "C"`, perTool.toolId)
    .limit(TOP_TOOLS_COUNT);
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
