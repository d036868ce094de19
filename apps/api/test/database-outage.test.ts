import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { openDatabase, rowsOf, type DatabaseHandle } from '../src/db/client';
import { call } from './helpers/call';
import { startDatabaseProxy, type DatabaseProxy } from './helpers/database-proxy';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink';
import {
  addTool,
  createTestApp,
  onPostgres,
  openTestDatabase,
  signUpAdmin,
  signUpCustomer,
  type SignedIn,
  type TestContext,
} from './helpers/test-app';

/**
 * The database goes away and comes back while customers order (docs/behaviour.md §9.1): the
 * instance keeps running, answers 503 for what needs the database and serves the catalogue from
 * memory meanwhile, and once the database is back it takes orders and sends their mail again.
 * A job that failed while the database was gone used to end the process (pg-boss 10 left its
 * own bookkeeping's rejection unhandled). Cut through a real TCP proxy, on PostgreSQL only:
 * PGlite lives in the process and cannot go away.
 */
describe.skipIf(!onPostgres)('a database outage under load', () => {
  let direct: DatabaseHandle;
  let drop: () => Promise<void>;
  let proxy: DatabaseProxy;
  let proxied: DatabaseHandle;
  let instance: TestContext;
  let app: App;
  let customer: SignedIn;
  let smtp: SmtpSink;
  let toolId: string;
  const unhandled: unknown[] = [];
  const noteUnhandled = (reason: unknown) => unhandled.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', noteUnhandled);
    const test = await openTestDatabase();
    direct = test.database;
    drop = test.drop;
    proxy = await startDatabaseProxy(test.url!);
    proxied = await openDatabase({ url: proxy.url, poolSize: 10 });
    smtp = await startSmtpSink();
    instance = await createTestApp({ database: proxied, env: { SMTP_URL: smtp.url } });
    app = instance.app;
    const admin = await signUpAdmin(app, smtp);
    customer = await signUpCustomer(app, 'steady');
    toolId = await addTool(app, admin, { availableQuantity: 500_000 });
  });

  afterAll(async () => {
    await proxy?.restore();
    await instance?.close();
    await proxied?.close();
    await proxy?.close();
    await direct?.close();
    await smtp?.close();
    await drop?.();
    process.off('unhandledRejection', noteUnhandled);
  });

  const placeOrder = () =>
    call(app, 'POST /order', {
      as: customer,
      body: { toolsId: toolId, phoneNumber: '01711000000', address: '5 Outage Lane', quantity: 10 },
    });

  async function orderMailStatus(orderId: string): Promise<string | undefined> {
    const result = await direct.db.execute(
      sql`SELECT status FROM order_mail_outbox WHERE order_id = ${orderId} AND kind = 'placed'`,
    );
    return rowsOf<{ status: string }>(result)[0]?.status;
  }

  it(
    'keeps running through three outages that cut a mail job short, answers 503 meanwhile, and recovers',
    { timeout: 120_000 },
    async () => {
      const statuses = new Map<string, number>();
      const count = (what: string) => statuses.set(what, (statuses.get(what) ?? 0) + 1);
      let loading = true;
      // Customers keep ordering and browsing; every order wakes the mail job, so jobs are running
      // when the database goes.
      const load = (async () => {
        while (loading) {
          const [order, list, tool] = await Promise.all([
            placeOrder(),
            call(app, 'GET /tool'),
            call(app, 'GET /tool/:id', { params: { id: toolId } }),
          ]);
          count(`order ${order.status}`);
          count(`catalogue ${list.status}`);
          count(`tool ${tool.status}`);
          if (order.status === 503) {
            expect(order.error).toMatchObject({ code: 'unavailable' });
            expect(order.headers['retry-after']).toBe('5');
          }
        }
      })();

      await expect.poll(() => statuses.get('catalogue 200') ?? 0).toBeGreaterThan(0);
      for (let outage = 0; outage < 3; outage += 1) {
        // An order's mail job is mid-send when the database goes: it then fails to record the
        // mail as sent, and the queue must record that failure without the database either.
        const held = smtp.holdNext();
        expect((await placeOrder()).status).toBe(201);
        await held.arrived;
        const refusedBefore = statuses.get('order 503') ?? 0;
        await proxy.refuse();
        held.release();
        await expect
          .poll(() => statuses.get('order 503') ?? 0, { timeout: 20_000 })
          .toBeGreaterThan(refusedBefore + 20);
        const placedBefore = statuses.get('order 201') ?? 0;
        await proxy.restore();
        await expect
          .poll(() => statuses.get('order 201') ?? 0, { timeout: 30_000 })
          .toBeGreaterThan(placedBefore + 5);
      }
      loading = false;
      await load;

      // Nothing but successes and 503s, and the catalogue answered from memory throughout.
      expect([...statuses.keys()].sort()).toEqual(['catalogue 200', 'order 201', 'order 503', 'tool 200']);
      expect(unhandled).toEqual([]);

      // The jobs came back: an order placed now has its mail sent.
      const placed = await placeOrder();
      expect(placed.status).toBe(201);
      const orderId = placed.body.insertedId;
      await expect.poll(() => orderMailStatus(orderId), { timeout: 30_000 }).toBe('sent');
      expect((await call(app, 'GET /health')).status).toBe(200);
    },
  );
});
