import { z } from 'zod';
import { ORDER_STATES } from '../order-states';
import { defineRoutes } from '../api/define';

/** The periods the owner's dashboard offers, in whole UTC days (docs/behaviour.md §8.1). */
export const METRIC_PERIODS = [7, 30, 90] as const;
export type MetricPeriod = (typeof METRIC_PERIODS)[number];
export const DEFAULT_METRIC_PERIOD: MetricPeriod = 7;

/** How many tools the best sellers and the low-stock list show. */
export const TOP_TOOLS_COUNT = 5;
export const LOW_STOCK_LIST_COUNT = 10;

/** The states 'orders by state' counts, in the order shown: every state an order has. */
export const COUNTED_ORDER_STATES = ORDER_STATES;
export type CountedOrderState = (typeof COUNTED_ORDER_STATES)[number];

const periodMessage = `Days must be one of ${METRIC_PERIODS.join(', ')}`;

export const shopMetricsQuery = z.strictObject({
  days: z.coerce
    .number({ error: periodMessage })
    .refine((days): days is MetricPeriod => (METRIC_PERIODS as readonly number[]).includes(days), {
      error: periodMessage,
    })
    .default(DEFAULT_METRIC_PERIOD),
});

const dollars = z.number();
const count = z.number().int();

export const shopMetricsSchema = z.object({
  /** Whole UTC days: `from` is the first day's midnight, `to` the midnight after today (exclusive). */
  period: z.object({ days: count, from: z.string(), to: z.string() }),
  /** Orders paid in the period (by when they were paid) and what they charged, shipping included. */
  sales: z.object({
    revenue: dollars,
    paidOrders: count,
    /** Revenue / paid orders, to the cent; null without a paid order. */
    averageOrderValue: dollars.nullable(),
    /** Paid orders whose quantity was above the tool's minimum when ordered. */
    aboveMinimum: count,
    /** aboveMinimum / paidOrders (0 to 1); null without a paid order. */
    aboveMinimumShare: z.number().nullable(),
  }),
  /** One entry per day of the period, oldest first, days without a sale included. */
  revenueByDay: z.array(z.object({ day: z.string(), revenue: dollars, paidOrders: count })),
  /** Orders placed in the period, by their state now; every counted state, in order. */
  ordersByState: z.array(z.object({ state: z.enum(COUNTED_ORDER_STATES), count })),
  /** Orders placed in the period that are still unpaid, and what they would charge. */
  waitingUnpaid: z.object({ orders: count, value: dollars }),
  /** The period's best sellers by units in paid orders, most first (at most TOP_TOOLS_COUNT). */
  topTools: z.array(z.object({ toolId: z.string().nullable(), toolName: z.string(), units: count })),
  /** Tools in the shop at or under their low-stock line now (§3.13), the emptiest first. */
  lowStock: z.object({
    count,
    outOfStock: count,
    tools: z.array(
      z.object({ _id: z.string(), name: z.string(), availableQuantity: count, lowStockLine: count }),
    ),
  }),
});
export type ShopMetrics = z.infer<typeof shopMetricsSchema>;

export const shopMetricsRoutes = defineRoutes({
  'GET /shop-metrics': {
    access: 'admin',
    tags: ['metrics'],
    summary: "The owner's dashboard: sales, orders and stock for the last 7, 30 or 90 UTC days",
    description: 'Today is the last day of the period (up to now). Computed by SQL aggregates on every call.',
    query: shopMetricsQuery,
    response: { status: 200, schema: shopMetricsSchema },
  },
});
