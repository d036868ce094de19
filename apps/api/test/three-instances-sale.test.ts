import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteKey } from '@shop/shared/api/routes';
import { call, type Answer, type CallArgs } from './helpers/call';
import { SERVED_BY_HEADER, haproxyInstalled, startHaproxy, type Balancer } from './helpers/haproxy';
import { multipart } from './helpers/multipart';
import { pollUntil, quietPeriod } from './helpers/poll';
import { buildServerBundle, startServerProcess, type ServerProcess } from './helpers/server-process';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink';
import { startS3Storage, type StorageFixture } from './helpers/storages';
import {
  SHARED_AUTH_SECRET,
  addTool,
  onPostgres,
  openTestDatabase,
  signUpAdmin,
  signUpCustomer,
  testSettings,
  type SignedIn,
} from './helpers/test-app';

/**
 * A sale on three instances of the shop, as production runs them (docs/scaling.md): each its own
 * process running the server's bundle, behind HAProxy, sharing only PostgreSQL, Redis (limits),
 * an S3 bucket (s3rver) and an SMTP server. Customers fill overlapping carts and check them out
 * while the admin changes prices and stock. PostgreSQL only (PGlite is one process's database);
 * it needs Debian's haproxy, which CI installs. Its figures are printed for docs/scaling.md.
 */
const INSTANCES = ['one', 'two', 'three'] as const;
const CUSTOMERS = 24;
const ROUNDS = 2;
const TOOLS = 6;
const LINES_PER_CART = 4;
const STOCK = 50;
const MIN_ORDER = 2;
/** Per-e-mail sign-in attempts per window: low here, to see three instances share one count. */
const EMAIL_ATTEMPTS = 5;
const PLACED_SUBJECT = 'We received your order';

describe.skipIf(!onPostgres)('a sale on three instances behind HAProxy', () => {
  let sink: SmtpSink;
  let storage: StorageFixture;
  let drop: () => Promise<void>;
  let databaseUrl: string;
  let dataRoot: string;
  const instances: (ServerProcess & { name: string })[] = [];
  let balancer: Balancer;
  let admin: SignedIn;

  /** Every answer the balancer gave in this file, to find a 5xx and see the load spread. */
  const answers: { status: number; servedBy: string; route: string }[] = [];
  const viaBalancer = async <K extends RouteKey>(key: K, ...args: CallArgs<K>): Promise<Answer<K>> => {
    const answer = await call(balancer.url, key, ...args);
    answers.push({ status: answer.status, servedBy: String(answer.headers[SERVED_BY_HEADER]), route: key });
    return answer;
  };

  beforeAll(async () => {
    if (!haproxyInstalled()) {
      throw new Error('This suite needs HAProxy: apt-get install -y haproxy (CI installs it in .ci/run).');
    }
    const bundle = buildServerBundle();
    sink = await startSmtpSink();
    storage = await startS3Storage(`sale-${randomUUID().slice(0, 8)}`);
    const test = await openTestDatabase();
    await test.database.close(); // the instances open their own
    drop = test.drop;
    databaseUrl = test.url!;
    dataRoot = mkdtempSync(path.join(tmpdir(), 'shop-sale-'));
    const env = (name: string) =>
      testSettings(path.join(dataRoot, name), {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATABASE_URL: databaseUrl,
        AUTH_SECRET: SHARED_AUTH_SECRET,
        // Its own Redis database: the other suites' counters per client address stay out of it.
        REDIS_URL: 'redis://127.0.0.1:6379/7',
        TRUST_PROXY: '127.0.0.1',
        SMTP_URL: sink.url,
        PUBLIC_URL: 'https://shop.example',
        AUTH_EMAIL_RATE_LIMIT_MAX: String(EMAIL_ATTEMPTS),
        ...storage.env,
      });
    // One at a time: three starting at once on two cores would each take as long as all three.
    for (const name of INSTANCES) {
      instances.push({ name, ...(await startServerProcess([bundle], env(name))) });
    }
    balancer = await startHaproxy(instances);
    admin = await signUpAdmin(balancer.url, sink);
  });

  afterAll(async () => {
    await balancer?.close();
    await Promise.all(instances.map((instance) => instance.stop()));
    await drop?.();
    await storage?.close();
    await sink?.close();
    if (dataRoot) rmSync(dataRoot, { recursive: true, force: true });
  });

  it('spreads requests over the three, and a sign-in limit counted on one holds on the others (Redis)', async () => {
    const email = `limited-${randomUUID().slice(0, 8)}@shop.test`;
    const attempt = (url: string) =>
      call(url, 'POST /session', { body: { email, password: 'not-the-password' } });
    // Straight to each instance in turn, so that every instance counts some of the attempts.
    const statuses = [];
    for (let i = 0; i < EMAIL_ATTEMPTS; i += 1) statuses.push((await attempt(instances[i % 3]!.url)).status);
    expect(statuses).toEqual(Array(EMAIL_ATTEMPTS).fill(401));
    for (const instance of instances) expect((await attempt(instance.url)).status).toBe(429);

    for (let i = 0; i < 6; i += 1) expect((await viaBalancer('GET /health')).status).toBe(200);
    const servedBy = new Set(answers.map((answer) => answer.servedBy));
    expect([...servedBy].sort()).toEqual([...INSTANCES].sort());
  });

  it('keeps pictures in the shared bucket: one uploaded through any instance is served by all', async () => {
    const picture = readFileSync(new URL('../../web/public/hero.webp', import.meta.url));
    const upload = await viaBalancer('POST /upload', {
      as: admin,
      multipart: await multipart([
        { field: 'image', bytes: picture, filename: 'sale.webp', type: 'image/webp' },
      ]),
    });
    expect(upload.status, upload.text).toBe(201);
    const picturePath = new URL(upload.body.data.url, 'http://any').pathname;
    expect(await storage.storedKeys('')).toContain(path.basename(picturePath));
    for (const instance of instances) {
      const served = await fetch(instance.url + picturePath);
      expect(served.status, `${instance.name} serving ${picturePath}`).toBe(200);
      expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });

  it('sells overlapping carts while the admin edits: none oversold, each order mailed once, every catalogue current within a second, no 5xx', async () => {
    const toolIds: string[] = [];
    const prices = new Map<string, Set<number>>();
    for (let i = 0; i < TOOLS; i += 1) {
      const id = await addTool(balancer.url, admin, {
        name: `Sale Roller ${i + 1}`,
        availableQuantity: STOCK,
        orderQuantity: MIN_ORDER,
        perPartsPrice: 5,
      });
      toolIds.push(id);
      prices.set(id, new Set([500]));
    }
    const buyers = await Promise.all(
      Array.from({ length: CUSTOMERS }, async (_, i) => {
        const buyer = await signUpCustomer(balancer.url, `buyer${i}`);
        const address = await viaBalancer('POST /address', {
          as: buyer,
          body: {
            name: buyer.name,
            line1: `${i + 1} Sale Street`,
            city: 'Leeds',
            postalCode: 'LS1 4AB',
            country: 'GB',
            phone: '+44 113 496 0000',
          },
        });
        expect(address.status, address.text).toBe(201);
        return { buyer, addressId: address.body._id, index: i };
      }),
    );

    // Each cart holds LINES_PER_CART of the tools, its first one moving along: every tool is in
    // many carts, and together they ask for more than the stock (24 × 2 × 4 × 2 = 384 units of 300).
    const cartOf = (index: number) =>
      Array.from({ length: LINES_PER_CART }, (_, k) => ({
        toolId: toolIds[(index + k) % TOOLS]!,
        quantity: MIN_ORDER,
      }));
    const placed: { orderId: string; email: string; toolIds: string[] }[] = [];
    const refusals: string[] = [];
    const checkoutMs: number[] = [];
    const buy = async ({ buyer, addressId, index }: (typeof buyers)[number]) => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const filled = await viaBalancer('PUT /cart/lines', { as: buyer, body: { lines: cartOf(index) } });
        expect(filled.status, filled.text).toBe(200);
        const started = performance.now();
        const checkout = await viaBalancer('POST /checkout', {
          as: buyer,
          headers: { 'idempotency-key': randomUUID() },
          body: { addressId },
        });
        checkoutMs.push(performance.now() - started);
        if (checkout.status === 201) {
          // What the fill left in the cart (a line the stock could no longer fill is refused).
          const inCart = filled.body.cart.lines.map((line) => line.toolId).sort();
          placed.push({ orderId: checkout.body.insertedId, email: buyer.email, toolIds: inCart });
        } else {
          // Only a refusal a customer can act on: the stock ran out under the cart.
          expect(checkout.status, checkout.text).toBe(409);
          refusals.push(checkout.error.code);
        }
      }
    };

    // The admin's changes, one after another while the customers buy: a new price (seen by every
    // instance's list and tool within a second), a restock or a correction of stock.
    const lagsMs: number[] = [];
    const stockChanges: number[] = [];
    const edit = async () => {
      for (let change = 0; change < 9; change += 1) {
        // Spread over the sale: each change waits for four more checkouts to be answered.
        await pollUntil(() => checkoutMs.length >= change * 4, {
          what: () => `${change * 4} checkouts answered (${checkoutMs.length} so far)`,
          timeoutMs: 60_000,
          intervalMs: 10,
        });
        const toolId = toolIds[change % TOOLS]!;
        if (change % 3 === 2) {
          const delta = change % 2 ? -3 : 10;
          const moved =
            delta > 0
              ? await viaBalancer('POST /tool/:id/restock', {
                  as: admin,
                  params: { id: toolId },
                  body: { quantity: delta, note: 'sale delivery' },
                })
              : await viaBalancer('POST /tool/:id/stock-adjustment', {
                  as: admin,
                  params: { id: toolId },
                  body: { delta, reason: 'damaged in the sale' },
                });
          // A correction below zero is refused (409): the stock may have sold out by now.
          expect([201, 409], moved.text).toContain(moved.status);
          if (moved.status === 201) stockChanges.push(delta);
          continue;
        }
        const price = 5 + change + 1;
        const edited = await viaBalancer('PATCH /tool/:id', {
          as: admin,
          params: { id: toolId },
          body: { perPartsPrice: price },
        });
        expect(edited.status, edited.text).toBe(200);
        prices.get(toolId)!.add(price * 100);
        // The lag: from the edit's answer to the first request that saw the new price on the
        // last instance to show it, counted at the moment that request was sent; a request
        // sent then waits behind the sale's own on a busy instance, which is not the feed's lag.
        const changed = performance.now();
        const seenAt = await Promise.all(
          instances.map((instance) =>
            pollUntil(
              async () => {
                const sent = performance.now();
                const [one, list] = await Promise.all([
                  call(instance.url, 'GET /tool/:id', { params: { id: toolId } }),
                  call(instance.url, 'GET /tool'),
                ]);
                const current =
                  one.body.perPartsPrice === price &&
                  list.body.find((tool) => tool._id === toolId)?.perPartsPrice === price;
                return current && sent;
              },
              { what: `${instance.name} to show ${toolId} at ${price}`, timeoutMs: 5000, intervalMs: 10 },
            ),
          ),
        );
        lagsMs.push(Math.max(...seenAt) - changed);
      }
    };

    const connections: number[] = [];
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    let selling = true;
    const watchConnections = async () => {
      while (selling) {
        const { rows } = await client.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM pg_stat_activity WHERE datname = current_database()',
        );
        connections.push(rows[0]!.count - 1); // not this one
        await sleep(100); // a sample every tenth of a second
      }
    };

    const started = performance.now();
    const watching = watchConnections();
    await Promise.all([...buyers.map(buy), edit()]);
    const saleMs = performance.now() - started;
    selling = false;
    await watching;

    try {
      // No 5xx anywhere, and every instance took part.
      expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
      const perInstance = Object.fromEntries(
        INSTANCES.map((name) => [name, answers.filter((answer) => answer.servedBy === name).length]),
      );
      for (const name of INSTANCES) expect(perInstance[name]).toBeGreaterThan(20);
      expect(placed.length).toBeGreaterThan(0);
      expect(refusals.length, 'the carts ask for more than the stock').toBeGreaterThan(0);

      // Nothing oversold: per tool, the stock is never below zero, it is what its ledger says, and
      // the units ordered are what it started with plus the admin's changes less what is left.
      const { rows: tools } = await client.query<{
        id: string;
        stock: number;
        ledger: number;
        lowest: number;
        ordered: number;
      }>(
        `SELECT t.id, t.available_quantity AS stock,
                (SELECT coalesce(sum(m.delta), 0) FROM stock_movements m WHERE m.tool_id = t.id)::int AS ledger,
                (SELECT min(m.stock_after) FROM stock_movements m WHERE m.tool_id = t.id)::int AS lowest,
                (SELECT coalesce(sum(l.quantity), 0) FROM order_lines l WHERE l.tool_id = t.id)::int AS ordered
         FROM tools t WHERE t.id = ANY($1::uuid[])`,
        [toolIds],
      );
      for (const tool of tools) {
        expect(tool.stock).toBeGreaterThanOrEqual(0);
        expect(tool.lowest).toBeGreaterThanOrEqual(0);
        expect(tool.ledger).toBe(tool.stock);
      }
      const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
      expect(sum(tools.map((tool) => tool.ordered))).toBe(
        STOCK * TOOLS + sum(stockChanges) - sum(tools.map((tool) => tool.stock)),
      );
      // Each order has its cart's lines, each at a price its tool had during the sale.
      const { rows: lines } = await client.query<{
        order_id: string;
        tool_id: string;
        unit_price_cents: number;
      }>('SELECT order_id, tool_id, unit_price_cents FROM order_lines WHERE order_id = ANY($1::uuid[])', [
        placed.map((order) => order.orderId),
      ]);
      for (const order of placed) {
        const ordered = lines.filter((line) => line.order_id === order.orderId).map((line) => line.tool_id);
        expect(ordered.sort()).toEqual(order.toolIds);
      }
      for (const line of lines) expect(prices.get(line.tool_id)).toContain(line.unit_price_cents);

      // Each order's mail reaches the SMTP server once, to its buyer, whichever instances drain it.
      const placedMails = () => sink.received.filter((mail) => mail.subject?.startsWith(PLACED_SUBJECT));
      await pollUntil(() => placedMails().length >= placed.length, {
        what: () => `${placed.length} order mails (${placedMails().length} so far)`,
        timeoutMs: 30_000,
      });
      // A duplicate would come from a drain still at work: given 2.5 s to arrive.
      await quietPeriod(2500);
      const mailed = placedMails().map((mail) => ({
        orderId: /Order ([0-9a-f-]{36})/.exec(mail.text ?? '')?.[1],
        to: mail.to && 'text' in mail.to ? mail.to.text : '',
      }));
      expect(mailed.map((mail) => mail.orderId).sort()).toEqual(placed.map((order) => order.orderId).sort());
      for (const order of placed) {
        expect(mailed.find((mail) => mail.orderId === order.orderId)?.to).toContain(order.email);
      }

      // Every instance showed each new price, in its tool and in its list, within a second.
      expect(lagsMs).toHaveLength(6);
      expect(Math.max(...lagsMs), `lags: ${lagsMs.map(Math.round).join(', ')} ms`).toBeLessThan(1000);

      const sorted = [...checkoutMs].sort((a, b) => a - b);
      const figures = {
        instances: INSTANCES.length,
        customers: CUSTOMERS,
        checkouts: checkoutMs.length,
        placed: placed.length,
        refused: refusals.length,
        refusalCodes: [...new Set(refusals)],
        saleSeconds: +(saleMs / 1000).toFixed(2),
        checkoutsPerSecond: +(checkoutMs.length / (saleMs / 1000)).toFixed(1),
        checkoutMedianMs: Math.round(sorted[Math.floor(sorted.length / 2)]!),
        checkoutMaxMs: Math.round(sorted.at(-1)!),
        catalogueLagMs: lagsMs.map(Math.round),
        requestsPerInstance: perInstance,
        databaseConnectionsMost: Math.max(...connections),
      };
      console.info(`three-instance sale: ${JSON.stringify(figures)}`);
    } finally {
      await client.end();
    }
  });
});
