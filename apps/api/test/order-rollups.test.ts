import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../src/db/client';
import { foldOrderRollups } from '../src/modules/backoffice/metrics/order-rollups';
import { call } from './helpers/call';
import { expectRollupTied as expectTied } from './helpers/order-rollups';
import { adminCancel, customerCancel, expireDue, payWithDemoCard, ship } from './helpers/order-lifecycle';
import { placeOrder } from './helpers/payments';
import { addTool, openShop, signUpCustomer, type Shop } from './helpers/test-app';

/**
 * The dashboard's daily roll-up (decision 0046, docs/behaviour.md §8.2) is tied to the orders:
 * whatever writes them, each figure summed from the roll-up equals the same figure summed from
 * the orders and their lines, before and after the roll-up is folded.
 */
let shop: Shop<'ann' | 'ben'>;
let toolIds: string[];

beforeAll(async () => {
  // No unpaid order expires by itself while a test compares (the expiry job runs on PostgreSQL).
  shop = await openShop({ customers: ['ann', 'ben'], env: { UNPAID_ORDER_TTL: '366d' } });
  toolIds = [
    await addTool(shop.app, shop.admin, {
      name: 'Flat Wall Brush',
      orderQuantity: 10,
      availableQuantity: 5000,
    }),
    await addTool(shop.app, shop.admin, { name: 'Paint Roller', orderQuantity: 5, availableQuantity: 5000 }),
    await addTool(shop.app, shop.admin, { name: 'Masking Tape', orderQuantity: 1, availableQuantity: 5000 }),
  ];
});
afterAll(() => shop.close());

describe("the dashboard's roll-up", () => {
  it("sums to the orders after the shop's own writes: checkout, payment, shipping, cancels, refunds and expiry", async () => {
    const { db } = shop.database;
    const { ann, ben } = shop.customers;
    const [brush, roller, tape] = toolIds as [string, string, string];

    // A cart of three lines checked out, paid, shipped.
    const buyer = await signUpCustomer(shop.app, 'buyer');
    const address = await call(shop.app, 'POST /address', {
      as: buyer,
      body: { name: 'Dana', line1: '4 Trim Lane', city: 'Leeds', postalCode: 'LS1 4AB', country: 'GB', phone: '+44 113 496 0000' }, // prettier-ignore
    });
    const lines = [
      { toolId: brush, quantity: 40 },
      { toolId: roller, quantity: 15 },
      { toolId: tape, quantity: 3 },
    ];
    expect((await call(shop.app, 'PUT /cart/lines', { as: buyer, body: { lines } })).status).toBe(200);
    const checkout = await call(shop.app, 'POST /checkout', {
      as: buyer,
      headers: { 'idempotency-key': randomUUID() },
      body: { addressId: address.body._id },
    });
    expect(checkout.status, checkout.text).toBe(201);
    const cartOrder = checkout.body.insertedId;
    await payWithDemoCard(shop.app, buyer, cartOrder);
    expect((await ship(shop.app, shop.admin, cartOrder)).status).toBe(200);

    // Paid, then refunded by the admin's cancel.
    const refunded = await placeOrder(shop.app, ben, roller, 20);
    await payWithDemoCard(shop.app, ben, refunded);
    expect((await adminCancel(shop.app, shop.admin, refunded)).status).toBe(200);
    // Cancelled unpaid by its customer; left unpaid; paid and kept; expired.
    expect((await customerCancel(shop.app, ann, await placeOrder(shop.app, ann, brush, 10))).status).toBe(
      200,
    );
    await placeOrder(shop.app, ann, tape, 7);
    await payWithDemoCard(shop.app, ann, await placeOrder(shop.app, ann, brush, 30));
    await expectTied(db);

    const expiring = await placeOrder(shop.app, ben, tape, 2);
    const expired = await expireDue(shop.app, { now: new Date(Date.now() + 86_400_000), ttlMs: 1000 });
    expect(expired).toContain(expiring);
    await expectTied(db);
  });

  it('sums to the orders after any sequence of writes, however they are batched and whenever they are folded', async () => {
    const { db } = shop.database;
    const { ann } = shop.customers;
    const today = new Date(new Date().toISOString().slice(0, 10)).getTime();
    const day = fc.integer({ min: 0, max: 20 }).map((n) => new Date(today - n * 86_400_000 + (n % 24) * 3_600_000).toISOString()); // prettier-ignore
    const orderSpec = fc.record({
      placedAt: day,
      paidAt: fc.option(day, { nil: null }),
      shipped: fc.boolean(),
      lines: fc.array(
        fc.record({ tool: fc.integer({ min: 0, max: 3 }), quantity: fc.integer({ min: 1, max: 50 }) }),
        { minLength: 1, maxLength: 3 },
      ),
    });
    const change = fc.oneof(
      fc.record({ kind: fc.constant('state' as const), pick: fc.nat(), to: fc.constantFrom('paid', 'shipped', 'refunding', 'refunded', 'cancelled', 'expired', 'unpaid') }), // prettier-ignore
      fc.record({ kind: fc.constant('repaid' as const), pick: fc.nat(), at: day }),
      fc.record({ kind: fc.constant('all-shipped' as const) }),
      fc.record({ kind: fc.constant('fold' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(orderSpec, { minLength: 1, maxLength: 5 }), fc.array(change, { maxLength: 6 }), async (specs, changes) => {
        const ids: string[] = [];
        for (const spec of specs) ids.push(await insertOrder(db, ann.id, spec));
        for (const step of changes) {
          const id = ids[('pick' in step ? step.pick : 0) % ids.length]!;
          if (step.kind === 'fold') await foldOrderRollups(db);
          else if (step.kind === 'all-shipped')
            await db.execute(sql`UPDATE orders SET state = 'shipped', ship = true WHERE state = 'paid'`);
          else if (step.kind === 'repaid')
            await db.execute(sql`UPDATE orders SET paid_at = ${step.at} WHERE id = ${id} AND paid`);
          else await setState(db, id, step.to);
        }
        await expectTied(db);
      }), // prettier-ignore
      { numRuns: 15 },
    );
  });

  it('refuses to delete an order: orders keep their history, and the roll-up counts on it', async () => {
    const { db } = shop.database;
    const failure = await db.execute(sql`DELETE FROM orders WHERE false`).then(
      () => null,
      (error: Error) => String(error.cause ?? error.message),
    );
    expect(failure).toMatch(/orders keep their history: DELETE refused/);
  });
});

/** An order of several lines written straight into the tables, as an import or a script would. */
async function insertOrder(
  db: Database,
  userId: string,
  spec: {
    placedAt: string;
    paidAt: string | null;
    shipped: boolean;
    lines: { tool: number; quantity: number }[];
  },
): Promise<string> {
  const lines = [...new Map(spec.lines.map((line) => [line.tool, line])).values()];
  const quantity = lines.reduce((sum, line) => sum + line.quantity, 0);
  const items = quantity * 100;
  const paid = spec.paidAt !== null;
  const state = paid ? (spec.shipped ? 'shipped' : 'paid') : 'unpaid';
  const [order] = rowsOf<{ id: string }>(
    await db.execute(sql`
      INSERT INTO orders (tool_name, user_id, customer_name, email, phone_number, address, quantity,
                          items_total_cents, price_cents, paid, paid_at, ship, state, line_count,
                          min_order_quantity, created_at)
      VALUES ('Several', ${userId}, 'Ann', 'ann@shop.test', '01711000000', '1 Easel Street', ${quantity},
              ${items}, ${items}, ${paid}, ${spec.paidAt}, ${paid && spec.shipped}, ${state}, ${lines.length},
              ${quantity > 40 ? 40 : null}, ${spec.placedAt})
      RETURNING id`),
  );
  // Lines of the shop's tools and one of a tool no longer known (tool 3: no id, its name kept).
  for (const [position, line] of lines.entries()) {
    const toolId = toolIds[line.tool] ?? null;
    await db.execute(sql`
      INSERT INTO order_lines (order_id, position, tool_id, tool_name, quantity, unit_price_cents, line_total_cents)
      VALUES (${order!.id}, ${position + 1}, ${toolId}, ${toolId ? 'Tool' : 'Old Brush'}, ${line.quantity}, 100,
              ${line.quantity * 100})`);
  }
  return order!.id;
}

/** Moves an order to a state as the lifecycle's columns require (paid and ship agree with it). */
async function setState(db: Database, id: string, state: string) {
  const paid = ['paid', 'shipped', 'refunding', 'refunded'].includes(state);
  await db.execute(sql`
    UPDATE orders SET state = ${state}, paid = ${paid}, ship = ${state === 'shipped'},
                      paid_at = CASE WHEN ${paid} THEN coalesce(paid_at, created_at) END
     WHERE id = ${id}`);
}
