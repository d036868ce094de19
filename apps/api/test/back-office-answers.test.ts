import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { call } from './helpers/call';
import { payWithDemoCard, ship } from './helpers/order-lifecycle';
import { placeOrder } from './helpers/payments';
import { pollUntil } from './helpers/poll';
import {
  SHARED_AUTH_SECRET,
  addTool,
  createTestApp,
  onPostgres,
  openShop,
  openTestDatabase,
  signUpAdmin,
  signUpCustomer,
  type Shop,
  type SignedIn,
  type TestContext,
} from './helpers/test-app';

/**
 * Total Orders' pages and the owner's dashboard are kept in memory between writes (decision
 * 0047): a write through the shop, any write, shows in the admin's next read; a change made
 * behind the shop's back (SQL by hand) shows only after the next write.
 */
const firstPage = (app: App, admin: SignedIn) =>
  call(app, 'GET /order', { as: admin, query: { limit: '24' } });
const dashboard = (app: App, admin: SignedIn) =>
  call(app, 'GET /shop-metrics', { as: admin, query: { days: '7' } });

describe('the back office between writes', () => {
  let shop: Shop<'ann'>;
  let brush: string;

  beforeAll(async () => {
    shop = await openShop({ customers: ['ann'] });
    brush = await addTool(shop.app, shop.admin, {
      name: 'Flat Wall Brush',
      orderQuantity: 10,
      availableQuantity: 500,
    });
  });
  afterAll(() => shop.close());

  it("answers from memory until a write, and the writer's next read shows the write", async () => {
    const { ann } = shop.customers;
    const first = await placeOrder(shop.app, ann, brush, 10);
    const page = await firstPage(shop.app, shop.admin);
    expect(page.body.map((order) => order._id)).toEqual([first]);
    expect((await dashboard(shop.app, shop.admin)).body.ordersByState[0]).toEqual({
      state: 'unpaid',
      count: 1,
    });

    // Any write through the shop drops them: a payment (which the payments module tells).
    await payWithDemoCard(shop.app, ann, first);
    const paid = await firstPage(shop.app, shop.admin);
    expect(paid.body[0]).toMatchObject({ _id: first, paid: true, ship: false });
    expect((await dashboard(shop.app, shop.admin)).body.sales.paidOrders).toBe(1);

    // Behind the shop's back: the kept answers stand, byte for byte.
    await shop.database.db.execute(
      sql`UPDATE orders SET customer_name = 'Changed by hand' WHERE id = ${first}`,
    );
    const kept = await firstPage(shop.app, shop.admin);
    expect(kept.headers.etag).toBe(paid.headers.etag);
    expect(kept.body[0]!.name).toBe(ann.name);

    // Shipping tells no one of its own; that it succeeded is enough, and the next read is fresh.
    expect((await ship(shop.app, shop.admin, first)).status).toBe(200);
    const shipped = await firstPage(shop.app, shop.admin);
    expect(shipped.body[0]).toMatchObject({ _id: first, ship: true, name: 'Changed by hand' });
    expect((await dashboard(shop.app, shop.admin)).body.ordersByState).toContainEqual({
      state: 'shipped',
      count: 1,
    });
    const second = await placeOrder(shop.app, ann, brush, 20);
    expect((await firstPage(shop.app, shop.admin)).body.map((order) => order._id)).toEqual([second, first]);
    expect((await dashboard(shop.app, shop.admin)).body.ordersByState).toContainEqual({
      state: 'unpaid',
      count: 1,
    });
  });

  it('keeps a search and a state filter apart from the first page, and a 304 for an unchanged page', async () => {
    const paid = await call(shop.app, 'GET /order', {
      as: shop.admin,
      query: { limit: '24', state: 'paid' },
    });
    const unpaid = await call(shop.app, 'GET /order', {
      as: shop.admin,
      query: { limit: '24', state: 'unpaid' },
    });
    expect(paid.body.every((order) => order.state === 'paid')).toBe(true);
    expect(unpaid.body.every((order) => order.state === 'unpaid')).toBe(true);
    expect(paid.headers.etag).not.toBe(unpaid.headers.etag);
    const again = await call(shop.app, 'GET /order', {
      as: shop.admin,
      query: { limit: '24', state: 'paid' },
      headers: { 'if-none-match': String(paid.headers.etag) },
    });
    expect(again.status).toBe(304);
  });
});

describe.skipIf(!onPostgres)('the back office on two instances', () => {
  const handles: DatabaseHandle[] = [];
  const instances: TestContext[] = [];
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const test = await openTestDatabase();
    drop = test.drop;
    handles.push(test.database, await openDatabase({ url: test.url, poolSize: 4 }));
    for (const database of handles) {
      instances.push(await createTestApp({ database, env: { AUTH_SECRET: SHARED_AUTH_SECRET } }));
    }
  });
  afterAll(async () => {
    for (const instance of instances) await instance.close();
    for (const handle of handles) await handle.close();
    await drop?.();
  });

  it("shows an order placed on one instance on the other's kept page", async () => {
    const [one, two] = instances.map((instance) => instance.app) as [App, App];
    const admin = await signUpAdmin(one);
    const tool = await addTool(one, admin, {
      name: 'Paint Roller',
      orderQuantity: 5,
      availableQuantity: 100,
    });
    const buyer = await signUpCustomer(one, 'buyer');
    expect((await firstPage(two, admin)).body).toEqual([]);
    expect((await dashboard(two, admin)).body.ordersByState[0]).toEqual({ state: 'unpaid', count: 0 });
    const placed = await placeOrder(one, buyer, tool, 5);
    // The other instance hears of the write over the change feed (NOTIFY): within moments.
    await pollUntil(async () => (await firstPage(two, admin)).body.some((order) => order._id === placed), {
      what: "the order on the other instance's first page",
      timeoutMs: 5000,
    });
    expect((await dashboard(two, admin)).body.ordersByState[0]).toEqual({ state: 'unpaid', count: 1 });
  });
});
