import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { openDatabase, rowsOf, type DatabaseHandle } from '../src/db/client';
import { call } from './helpers/call';
import { expectRollupTied } from './helpers/order-rollups';
import {
  SHARED_AUTH_SECRET,
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
 * A sale on two instances (docs/behaviour.md §5.18): many buyers checking out carts of the same
 * tools, half of them listing the tools in the opposite order, all at once. Requests interleave
 * only on PostgreSQL (PGlite is one connection in one process, where this would pass whatever the
 * code did), so this runs in the PostgreSQL pass. Nothing is oversold, no buyer hears of a
 * deadlock (place_order locks the tools in one order, and never against the carts being filled
 * meanwhile), and every tool's stock is its ledger's sum. And one cart filled by many quick-adds
 * at once (§5.19): every line stays within its rules, and a key sent twice at once adds once.
 */
describe.skipIf(!onPostgres)('a cart and its checkout racing on two instances', () => {
  const handles: DatabaseHandle[] = [];
  const instances: TestContext[] = [];
  const apps: App[] = [];
  let drop: () => Promise<void>;
  let admin: SignedIn;

  beforeAll(async () => {
    const test = await openTestDatabase();
    drop = test.drop;
    handles.push(test.database, await openDatabase({ url: test.url, poolSize: 10 }));
    for (const database of handles) {
      const instance = await createTestApp({ database, env: { AUTH_SECRET: SHARED_AUTH_SECRET } });
      instances.push(instance);
      apps.push(instance.app);
    }
    admin = await signUpAdmin(apps[0]!);
  });

  afterAll(async () => {
    for (const instance of instances) await instance.close();
    for (const handle of handles) await handle.close();
    await drop?.();
  });

  it(
    'oversells nothing, deadlocks no one, and keeps every stock equal to its ledger',
    { timeout: 120_000 },
    async () => {
      const [one, two] = apps as [App, App];
      // Stock for about two thirds of what the buyers ask for: many checkouts must be refused.
      const toolIds: string[] = [];
      for (let i = 0; i < 4; i += 1) {
        toolIds.push(
          await addTool(one, admin, { name: `Sale tool ${i}`, orderQuantity: 5, availableQuantity: 400 }),
        );
      }
      const BUYERS = 40;
      const buyers = await Promise.all(
        Array.from({ length: BUYERS }, async (_, index) => {
          const app = index % 2 === 0 ? one : two;
          const buyer = await signUpCustomer(app, `sale${index}`);
          const address = await call(app, 'POST /address', {
            as: buyer,
            body: {
              name: 'Site',
              line1: '1 Sale Street',
              city: 'Leeds',
              postalCode: 'LS1',
              country: 'GB',
              phone: '0113 496 0000',
            },
          });
          // Half list the tools one way, half the other: opposite lock orders if locked as listed.
          const order = index % 2 === 0 ? toolIds : [...toolIds].reverse();
          const put = await call(app, 'PUT /cart/lines', {
            as: buyer,
            body: { lines: order.map((toolId) => ({ toolId, quantity: 15 })) },
          });
          expect(put.body.results.every((result) => result.status === 'ok')).toBe(true);
          return { app, buyer, addressId: address.body._id };
        }),
      );

      // Meanwhile other buyers fill their carts with the same tools, each in its own order: a
      // cart line's insert locks its tool for its foreign key, which a checkout's lock on the
      // tools must not wait for (a fill and a checkout would otherwise deadlock).
      const fillers = await Promise.all(
        Array.from({ length: 10 }, (_, index) => signUpCustomer(index % 2 ? one : two, `filler${index}`)),
      );
      const fills = Promise.all(
        fillers.flatMap((filler, index) =>
          [1, 2, 3].map((round) =>
            call(index % 2 ? one : two, 'PUT /cart/lines', {
              as: filler,
              body: {
                lines: (index % 2 ? [...toolIds].reverse() : toolIds).map((toolId) => ({
                  toolId,
                  quantity: 5 * round,
                })),
              },
            }),
          ),
        ),
      );
      const answers = await Promise.all(
        buyers.map(({ app, buyer, addressId }) =>
          call(app, 'POST /checkout', {
            as: buyer,
            headers: { 'idempotency-key': randomUUID() },
            body: { addressId },
          }),
        ),
      );
      expect((await fills).map((fill) => fill.status)).toEqual(Array(30).fill(200));
      const statuses = answers.map((answer) => answer.status);
      // Every answer is an order or the stock's refusal: no 500 (a deadlock would be one).
      expect(new Set(statuses)).toEqual(new Set([201, 409]));
      for (const answer of answers.filter((a) => a.status === 409)) {
        expect(answer.error.code).toBe('insufficient-stock');
      }
      const placed = statuses.filter((status) => status === 201).length;
      expect(placed).toBe(Math.floor(400 / 15));

      const { db } = handles[0]!;
      const stock = rowsOf<{ id: string; stock: number; ledger: number; ordered: number }>(
        await db.execute(sql`
        select t.id, t.available_quantity as stock,
          (select coalesce(sum(delta), 0)::int from stock_movements m where m.tool_id = t.id) as ledger,
          (select coalesce(sum(l.quantity), 0)::int from order_lines l where l.tool_id = t.id) as ordered
        from tools t where t.id in (${sql.join(toolIds, sql`, `)})`),
      );
      for (const row of stock) {
        expect(row.stock).toBeGreaterThanOrEqual(0);
        expect(row.stock).toBe(row.ledger);
        expect(row.ordered).toBe(400 - row.stock);
      }
      const lineCounts = rowsOf<{ lines: number }>(
        await db.execute(sql`select line_count as lines from orders where line_count > 1`),
      );
      expect(lineCounts.every((row) => row.lines === 4)).toBe(true);
      // The dashboard's roll-up, written by every one of those checkouts at once, adds up.
      await expectRollupTied(db);
    },
  );

  it(
    'keeps every line of one cart within its rules when quick-adds to it race, and adds a key once',
    { timeout: 120_000 },
    async () => {
      const [one, two] = apps as [App, App];
      // Packs of 12, at most 120 per order: ten of the twenty adds of 12 can go in, no more.
      await addTool(one, admin, {
        name: 'Race Brush',
        sku: 'RACE-BR',
        orderQuantity: 12,
        packSize: 12,
        maxOrderQuantity: 120,
        availableQuantity: 5000,
      });
      await addTool(one, admin, {
        name: 'Race Tray',
        sku: 'RACE-TR',
        orderQuantity: 1,
        availableQuantity: 30,
      });
      const buyer = await signUpCustomer(one, 'quick');
      const keys = Array.from({ length: 20 }, () => randomUUID());
      // Each key sent twice, once to each instance: a retry racing its first attempt.
      const answers = await Promise.all(
        [...keys, ...keys].map((key, index) =>
          call(index % 2 === 0 ? one : two, 'POST /cart/quick-add', {
            as: buyer,
            headers: { 'idempotency-key': key },
            body: {
              rows: [
                { sku: 'RACE-BR', quantity: 12 },
                { sku: 'race-tr', quantity: 2 },
              ],
            },
          }),
        ),
      );
      expect(answers.map((answer) => answer.status).every((status) => status === 200)).toBe(true);
      // Both sends of a key answer the same results.
      for (const [index] of keys.entries()) {
        expect(answers[index + keys.length]!.body.results).toEqual(answers[index]!.body.results);
      }
      const firsts = answers.slice(0, keys.length);
      const accepted = (row: number) =>
        firsts.filter((answer) => answer.body.results[row]!.status === 'ok').length;
      expect(accepted(0)).toBe(10);
      expect(accepted(1)).toBe(15);
      const cart = await call(two, 'GET /cart', { as: buyer });
      expect(cart.body.lines.map((line) => [line.name, line.quantity])).toEqual([
        ['Race Brush', 120],
        ['Race Tray', 30],
      ]);
      expect(cart.body.lines.every((line) => line.problem === null)).toBe(true);
    },
  );
});
