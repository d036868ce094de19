import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RouteInput } from '@shop/shared/api/routes';
import type { ShopMetrics } from '@shop/shared/contracts/shop-metrics';
import { orderLines, orders } from '../src/modules/ordering';
import { tools } from '../src/modules/catalogue/tools/tools.table';
import { call } from './helpers/call';
import { addTool, openShop, type Shop, type SignedIn } from './helpers/test-app';

/**
 * docs/behaviour.md §8.1: every figure of the owner's dashboard against a seeded shop whose answers
 * are worked out by hand below. The clock is fixed at NOW (Date only: the database's own clock
 * is not used by the figures), so the period boundaries are exact.
 */
const NOW = new Date('2026-03-15T10:00:00.000Z');
// 7 days: 2026-03-09T00:00Z up to 2026-03-16T00:00Z; 30 days from 02-14; 90 days from 2025-12-16.

let shop: Shop<'cara'>;
let ids: Record<'brush' | 'roller' | 'tape' | 'gun' | 'edger' | 'wideEdger', string>;

interface SeedOrder {
  tool: keyof typeof ids | null;
  toolName?: string;
  quantity: number;
  unitCents: number;
  shippingCents?: number;
  createdAt: string;
  paidAt?: string;
  shipped?: boolean;
}

async function seedOrder(order: SeedOrder) {
  const customer = shop.customers.cara;
  const items = order.quantity * order.unitCents;
  const shipping = order.shippingCents ?? 0;
  const [row] = await shop.database.db
    .insert(orders)
    .values({
      toolId: order.tool ? ids[order.tool] : null,
      toolName: order.toolName ?? 'seeded',
      userId: customer.id,
      customerName: customer.name,
      email: customer.email,
      phoneNumber: '01711000000',
      address: '1 Easel Street',
      quantity: order.quantity,
      unitPriceCents: order.unitCents,
      itemsTotalCents: items,
      shippingCents: shipping,
      priceCents: items + shipping,
      paid: Boolean(order.paidAt),
      paidAt: order.paidAt ? new Date(order.paidAt) : null,
      transactionId: order.paidAt ? `pi_seed_${Math.random().toString(36).slice(2)}` : null,
      ship: order.shipped ?? false,
      state: order.shipped ? 'shipped' : order.paidAt ? 'paid' : 'unpaid',
      createdAt: new Date(order.createdAt),
    })
    .returning({ id: orders.id });
  // Every order has its lines (docs/behaviour.md §5.1): this one, its one tool.
  await shop.database.db.insert(orderLines).values({
    orderId: row!.id,
    position: 1,
    toolId: order.tool ? ids[order.tool] : null,
    toolName: order.toolName ?? 'seeded',
    quantity: order.quantity,
    unitPriceCents: order.unitCents,
    lineTotalCents: items,
  });
}

const metrics = (
  query: RouteInput<'GET /shop-metrics'>['query'] = {},
  caller: SignedIn | null = shop.admin,
) => call(shop.app, 'GET /shop-metrics', { as: caller, query });

async function metricsAt(now: Date, days: number): Promise<ShopMetrics> {
  vi.useFakeTimers({ toFake: ['Date'], now });
  const response = await metrics({ days: String(days) });
  vi.useRealTimers();
  expect(response.status, response.text).toBe(200);
  return response.body;
}

const states = (unpaid: number, paid: number, shipped: number) => [
  { state: 'unpaid', count: unpaid },
  { state: 'paid', count: paid },
  { state: 'shipped', count: shipped },
  { state: 'cancelled', count: 0 },
  { state: 'expired', count: 0 },
  { state: 'refunding', count: 0 },
  { state: 'refunded', count: 0 },
];

beforeAll(async () => {
  shop = await openShop({ customers: ['cara'] });
  const add = (name: string, orderQuantity: number, perPartsPrice: number, availableQuantity: number) =>
    addTool(shop.app, shop.admin, { name, orderQuantity, perPartsPrice, availableQuantity });
  ids = {
    brush: await add('Flat Wall Brush', 10, 5, 500),
    roller: await add('Paint Roller', 20, 2, 30), // line 40 (2 x 20): low
    tape: await add('Masking Tape', 5, 1, 0), // out of stock
    gun: await add('Spray Gun', 1, 10, 100), // its own line of 100: low, at the line
    edger: await add('Edger', 1, 3, 3), // line 2: not low
    wideEdger: await add('Wide Edger', 1, 4, 1), // low, but archived: not in the shop
  };
  const { db } = shop.database;
  await db.update(tools).set({ lowStockThreshold: 100 }).where(eq(tools.id, ids.gun));
  await db.update(tools).set({ archivedAt: new Date() }).where(eq(tools.id, ids.wideEdger));

  // Inside the 7 days: the first instant of the first day is in.
  await seedOrder({ tool: 'brush', quantity: 10, unitCents: 500, shippingCents: 2500, createdAt: '2026-03-09T00:00:00.000Z', paidAt: '2026-03-09T00:00:00.000Z' }); // prettier-ignore
  await seedOrder({ tool: null, toolName: 'Old Roller', quantity: 5, unitCents: 100, createdAt: '2026-03-10T10:00:00Z', paidAt: '2026-03-10T10:00:00Z' }); // prettier-ignore
  await seedOrder({ tool: 'brush', quantity: 30, unitCents: 500, shippingCents: 2500, createdAt: '2026-03-12T08:00:00Z', paidAt: '2026-03-12T09:00:00Z', shipped: true }); // prettier-ignore
  await seedOrder({ tool: 'roller', quantity: 20, unitCents: 200, createdAt: '2026-03-14T12:00:00Z' });
  await seedOrder({ tool: 'roller', quantity: 40, unitCents: 200, createdAt: '2026-03-15T09:00:00Z', paidAt: '2026-03-15T09:30:00Z' }); // prettier-ignore
  // The last instant before the 7 days: in the 30.
  await seedOrder({ tool: 'brush', quantity: 10, unitCents: 500, shippingCents: 2500, createdAt: '2026-03-08T23:59:59.999Z' }); // prettier-ignore
  await seedOrder({ tool: 'brush', quantity: 20, unitCents: 500, shippingCents: 2500, createdAt: '2026-03-08T20:00:00Z', paidAt: '2026-03-08T23:59:59.999Z' }); // prettier-ignore
  // In the 90 days only.
  await seedOrder({ tool: 'roller', quantity: 100, unitCents: 200, createdAt: '2026-02-01T12:00:00Z', paidAt: '2026-02-01T12:00:00Z' }); // prettier-ignore
  for (const [tool, quantity, unitCents] of [
    ['tape', 5, 100],
    ['gun', 2, 1000],
    ['edger', 1, 300],
    ['wideEdger', 3, 400],
  ] as const)
    await seedOrder({ tool, quantity, unitCents, createdAt: '2026-01-10T12:00:00Z', paidAt: '2026-01-10T12:00:00Z' }); // prettier-ignore
  // Before the 90 days, and at the first instant after today: in no period.
  await seedOrder({ tool: 'brush', quantity: 50, unitCents: 500, createdAt: '2025-12-15T23:59:59Z', paidAt: '2025-12-15T23:59:59Z' }); // prettier-ignore
  await seedOrder({ tool: 'brush', quantity: 50, unitCents: 500, createdAt: '2026-03-16T00:00:00.000Z', paidAt: '2026-03-16T00:00:00.000Z' }); // prettier-ignore
});
afterAll(() => shop?.close());
afterEach(() => {
  vi.useRealTimers();
});

const noSales = {
  revenue: 0,
  paidOrders: 0,
  averageOrderValue: null,
  aboveMinimum: 0,
  aboveMinimumShare: null,
};

const lowStock = () => ({
  count: 3,
  outOfStock: 1,
  tools: [
    { _id: ids.tape, name: 'Masking Tape', availableQuantity: 0, lowStockLine: 10 },
    { _id: ids.roller, name: 'Paint Roller', availableQuantity: 30, lowStockLine: 40 },
    { _id: ids.gun, name: 'Spray Gun', availableQuantity: 100, lowStockLine: 100 },
  ],
});

describe('GET /shop-metrics: the last 7 days', () => {
  it('counts the sales paid in the 7 UTC days up to today, boundaries included and excluded', async () => {
    const week = await metricsAt(NOW, 7);
    expect(week.period).toEqual({
      days: 7,
      from: '2026-03-09T00:00:00.000Z',
      to: '2026-03-16T00:00:00.000Z',
    });
    // $75 + $5 + $175 + $80; two of the four bought above the minimum (30 > 10, 40 > 20); the
    // Old Roller, whose tool is gone, has no minimum and does not count as above it.
    expect(week.sales).toEqual({
      revenue: 335,
      paidOrders: 4,
      averageOrderValue: 83.75,
      aboveMinimum: 2,
      aboveMinimumShare: 0.5,
    });
  });

  it('gives the revenue of every day of the period, days without a sale as 0', async () => {
    const week = await metricsAt(NOW, 7);
    expect(week.revenueByDay).toEqual([
      { day: '2026-03-09', revenue: 75, paidOrders: 1 },
      { day: '2026-03-10', revenue: 5, paidOrders: 1 },
      { day: '2026-03-11', revenue: 0, paidOrders: 0 },
      { day: '2026-03-12', revenue: 175, paidOrders: 1 },
      { day: '2026-03-13', revenue: 0, paidOrders: 0 },
      { day: '2026-03-14', revenue: 0, paidOrders: 0 },
      { day: '2026-03-15', revenue: 80, paidOrders: 1 },
    ]);
  });

  it('counts the orders placed in the period by state, and the value still unpaid', async () => {
    const week = await metricsAt(NOW, 7);
    expect(week.ordersByState).toEqual(states(1, 3, 1));
    expect(week.waitingUnpaid).toEqual({ orders: 1, value: 40 });
  });

  it('ranks the best sellers by units, ties by name; a deleted tool under its own name', async () => {
    const week = await metricsAt(NOW, 7);
    expect(week.topTools).toEqual([
      { toolId: ids.brush, toolName: 'Flat Wall Brush', units: 40 },
      { toolId: ids.roller, toolName: 'Paint Roller', units: 40 },
      { toolId: null, toolName: 'Old Roller', units: 5 },
    ]);
  });

  it('lists the tools at or under their low-stock line, the emptiest first, archived ones left out', async () => {
    expect((await metricsAt(NOW, 7)).lowStock).toEqual(lowStock());
  });

  it('takes 7 days when no period is asked for', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const response = await metrics();
    expect(response.body.period.days).toBe(7);
  });
});

describe('GET /shop-metrics: 30 and 90 days', () => {
  it('30 days take in the last instant before the week', async () => {
    const month = await metricsAt(NOW, 30);
    expect(month.period.from).toBe('2026-02-14T00:00:00.000Z');
    expect(month.sales).toEqual({
      revenue: 460,
      paidOrders: 5,
      averageOrderValue: 92,
      aboveMinimum: 3,
      aboveMinimumShare: 0.6,
    });
    expect(month.revenueByDay).toHaveLength(30);
    expect(month.revenueByDay.find((day) => day.day === '2026-03-08')).toEqual({
      day: '2026-03-08',
      revenue: 125,
      paidOrders: 1,
    });
    expect(month.ordersByState).toEqual(states(2, 4, 1));
    expect(month.waitingUnpaid).toEqual({ orders: 2, value: 115 });
    expect(month.topTools.map((tool) => [tool.toolName, tool.units])).toEqual([
      ['Flat Wall Brush', 60],
      ['Paint Roller', 40],
      ['Old Roller', 5],
    ]);
  });

  it('90 days show at most five best sellers, archived tools by their name', async () => {
    const quarter = await metricsAt(NOW, 90);
    expect(quarter.period.from).toBe('2025-12-16T00:00:00.000Z');
    expect(quarter.sales).toEqual({
      revenue: 700,
      paidOrders: 10,
      averageOrderValue: 70,
      aboveMinimum: 6,
      aboveMinimumShare: 0.6,
    });
    expect(quarter.revenueByDay).toHaveLength(90);
    expect(quarter.ordersByState).toEqual(states(2, 9, 1));
    expect(quarter.topTools.map((tool) => [tool.toolName, tool.units])).toEqual([
      ['Paint Roller', 140],
      ['Flat Wall Brush', 60],
      ['Masking Tape', 5],
      ['Old Roller', 5],
      ['Wide Edger', 3],
    ]);
    expect(quarter.lowStock).toEqual(lowStock());
  });
});

describe('GET /shop-metrics: no orders', () => {
  it('a period with no orders has zeros, no average and no share; stock is still reported', async () => {
    const later = await metricsAt(new Date('2026-08-01T12:00:00Z'), 7);
    expect(later.sales).toEqual(noSales);
    expect(later.revenueByDay.map((day) => day.revenue)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(later.ordersByState).toEqual(states(0, 0, 0));
    expect(later.waitingUnpaid).toEqual({ orders: 0, value: 0 });
    expect(later.topTools).toEqual([]);
    expect(later.lowStock).toEqual(lowStock());
  });

  it('an empty shop answers every figure empty', async () => {
    const empty = await openShop();
    try {
      const response = await call(empty.app, 'GET /shop-metrics', { as: empty.admin, query: { days: '30' } });
      expect(response.status).toBe(200);
      const figures = response.body;
      expect(figures.sales).toEqual(noSales);
      expect(figures.revenueByDay).toHaveLength(30);
      expect(figures.ordersByState).toEqual(states(0, 0, 0));
      expect(figures.waitingUnpaid).toEqual({ orders: 0, value: 0 });
      expect(figures.topTools).toEqual([]);
      expect(figures.lowStock).toEqual({ count: 0, outOfStock: 0, tools: [] });
    } finally {
      await empty.close();
    }
  });
});

describe('the minimum an order is compared with', () => {
  it('is the one the tool had when the order was placed, not after the owner changes it', async () => {
    const fresh = await openShop({ customers: ['dan'] });
    try {
      const toolId = await addTool(fresh.app, fresh.admin, { orderQuantity: 10, availableQuantity: 100 });
      const placed = await call(fresh.app, 'POST /order', {
        as: fresh.customers.dan,
        body: { toolsId: toolId, phoneNumber: '01711000000', address: '1 Easel Street', quantity: 10 },
      });
      expect(placed.status, placed.text).toBe(201);
      const orderId = placed.body.insertedId;
      await fresh.database.db
        .update(orders)
        .set({ paid: true, state: 'paid', paidAt: new Date(), transactionId: 'pi_minimum' })
        .where(eq(orders.id, orderId));
      const edited = await call(fresh.app, 'PATCH /tool/:id', {
        as: fresh.admin,
        params: { id: toolId },
        body: { orderQuantity: 5 },
      });
      expect(edited.status, edited.text).toBe(200);

      const response = await call(fresh.app, 'GET /shop-metrics', { as: fresh.admin });
      // 10 was the minimum when ordered: not above it, though 10 is above today's 5.
      expect(response.body.sales).toMatchObject({ paidOrders: 1, aboveMinimum: 0 });
    } finally {
      await fresh.close();
    }
  });
});

describe('GET /shop-metrics: access and input', () => {
  it('answers 401 to a visitor and 403 to a customer', async () => {
    expect((await metrics({}, null)).status).toBe(401);
    const customer = await metrics({}, shop.customers.cara);
    expect(customer.status).toBe(403);
    expect(customer.error).toMatchObject({ code: 'forbidden' });
  });

  it.each(['days=14', 'days=abc', 'days=', 'days=7&from=2026-01-01'])(
    'refuses ?%s with 400 and a message',
    async (query) => {
      const response = await call(shop.app, 'GET /shop-metrics', { as: shop.admin, unsafeQuery: query });
      expect(response.status).toBe(400);
      expect(response.error).toMatchObject({ code: 'invalid-input' });
    },
  );

  it('names the periods it takes', async () => {
    const response = await metrics({ days: '14' });
    expect(JSON.stringify(response.error)).toContain('Days must be one of 7, 30, 90');
  });
});
