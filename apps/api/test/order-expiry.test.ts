import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { call } from './helpers/call';
import {
  chargeDemoCard,
  confirmDemoCard,
  demoIntentStatus,
  eventKinds,
  expireDue,
  releasesOf,
  timeline,
} from './helpers/order-lifecycle';
import { clientSecretFor, createIntent, markPaid, placeOrder, readOrder } from './helpers/payments';
import { stockAndLedger } from './helpers/stock-ledger';
import { openShop, type Shop, type SignedIn } from './helpers/test-app';

/** docs/behaviour.md §5.11: unpaid orders expire after UNPAID_ORDER_TTL, once. */
let ctx: Shop<'alice'>;
let alice: SignedIn;
const HOUR = 3_600_000;
const TTL = 48 * HOUR;

beforeAll(async () => {
  ctx = await openShop({
    customers: ['alice'],
    env: { MAX_OPEN_UNPAID_ORDERS: '2' },
    tool: { availableQuantity: 1000, orderQuantity: 10, perPartsPrice: 7 },
  });
  alice = ctx.customers.alice;
});
afterAll(() => ctx.close());

const stock = async () => (await stockAndLedger(ctx.database.db, ctx.toolId)).stock;
const createdAt = async (id: string) =>
  new Date(((await readOrder(ctx.app, alice, id)) as unknown as { createdAt: string }).createdAt);

describe('UNPAID_ORDER_TTL', () => {
  it("defaults to 48 hours and reads '90m', '2d'; anything else stops start-up naming it", () => {
    expect(loadConfig({ NODE_ENV: 'test' }).UNPAID_ORDER_TTL).toBe(TTL);
    expect(loadConfig({ NODE_ENV: 'test', UNPAID_ORDER_TTL: '90m' }).UNPAID_ORDER_TTL).toBe(90 * 60_000);
    expect(loadConfig({ NODE_ENV: 'test', UNPAID_ORDER_TTL: '2d' }).UNPAID_ORDER_TTL).toBe(48 * HOUR);
    for (const bad of ['48', 'soon', '0h', '30s', '-1h', '1.5h', '400d']) {
      expect(() => loadConfig({ NODE_ENV: 'test', UNPAID_ORDER_TTL: bad })).toThrow(/UNPAID_ORDER_TTL/);
    }
  });
});

describe('expireDueOrders', () => {
  it('expires an unpaid order older than the TTL exactly once, releasing its stock once', async () => {
    const before = await stock();
    const id = await placeOrder(ctx.app, alice, ctx.toolId);
    const placedAt = await createdAt(id);

    // Not yet due: a millisecond before the TTL is over.
    expect(await expireDue(ctx.app, { now: new Date(placedAt.getTime() + TTL), ttlMs: TTL })).toEqual([]);

    const due = { now: new Date(placedAt.getTime() + TTL + 1), ttlMs: TTL };
    expect(await expireDue(ctx.app, due)).toEqual([id]);
    expect(await expireDue(ctx.app, due)).toEqual([]);
    expect(await stock()).toBe(before);
    expect(await releasesOf(ctx.database.db, id)).toBe(1);
    expect(await readOrder(ctx.app, alice, id)).toMatchObject({ state: 'expired', paid: false });
    const body = (await timeline(ctx.app, alice, id)).body;
    expect(body.events.map((event: { kind: string; actor: string }) => [event.kind, event.actor])).toEqual([
      ['placed', 'customer'],
      ['expired', 'system'],
    ]);
    const pay = await createIntent(ctx.app, alice, { orderId: id });
    expect(pay.status).toBe(409);
    expect(pay.error.message).toBe('This order expired unpaid; place it again');
  });

  it('cancels the payment in flight: the card form opened before the expiry can no longer charge it', async () => {
    const id = await placeOrder(ctx.app, alice, ctx.toolId);
    const clientSecret = await clientSecretFor(ctx.app, alice, id);
    expect(await expireDue(ctx.app, { now: new Date(Date.now() + TTL + HOUR), ttlMs: TTL })).toEqual([id]);
    expect(await demoIntentStatus(ctx.database.db, clientSecret)).toBe('canceled');
    expect((await confirmDemoCard(ctx.app, alice, clientSecret)).status).toBe(409);
    expect(await readOrder(ctx.app, alice, id)).toMatchObject({ state: 'expired', paid: false });
    expect(await eventKinds(ctx.database.db, id)).toEqual(['placed', 'payment-started', 'expired']);
  });

  it('leaves paid and cancelled orders alone', async () => {
    const paid = await placeOrder(ctx.app, alice, ctx.toolId);
    const transactionId = await chargeDemoCard(ctx.app, alice, paid);
    await markPaid(ctx.app, alice, paid, { tools: paid, transactionId });
    const cancelled = await placeOrder(ctx.app, alice, ctx.toolId);
    await call(ctx.app, 'DELETE /order/:id', { as: alice, params: { id: cancelled } });
    const later = { now: new Date(Date.now() + TTL + HOUR), ttlMs: TTL };
    expect(await expireDue(ctx.app, later)).toEqual([]);
    expect(await eventKinds(ctx.database.db, paid)).toEqual(['placed', 'payment-started', 'paid']);
    expect(await eventKinds(ctx.database.db, cancelled)).toEqual(['placed', 'cancelled-by-customer']);
  });

  it('a payment confirmed after the expiry is refunded at once, never kept: stock released once', async () => {
    const before = await stock();
    const id = await placeOrder(ctx.app, alice, ctx.toolId);
    const transactionId = await chargeDemoCard(ctx.app, alice, id);
    await expireDue(ctx.app, { now: new Date(Date.now() + TTL + HOUR), ttlMs: TTL });
    const late = await markPaid(ctx.app, alice, id, { tools: id, transactionId });
    expect(late.status).toBe(409);
    expect(late.error.message).toBe(
      'This order was cancelled before the payment arrived; the payment has been refunded',
    );
    expect(await readOrder(ctx.app, alice, id)).toMatchObject({
      state: 'refunded',
      paid: true,
      transactionId,
    });
    expect(await eventKinds(ctx.database.db, id)).toEqual([
      'placed',
      'payment-started',
      'expired',
      'paid',
      'refunded',
    ]);
    expect(await stock()).toBe(before);
    expect(await releasesOf(ctx.database.db, id)).toBe(1);
  });

  it('expired and cancelled orders no longer count against the cap on open unpaid orders', async () => {
    await expireDue(ctx.app, { now: new Date(Date.now() + TTL + HOUR), ttlMs: TTL });
    await placeOrder(ctx.app, alice, ctx.toolId);
    const second = await placeOrder(ctx.app, alice, ctx.toolId);
    const third = await call(ctx.app, 'POST /order', {
      as: alice,
      body: { toolsId: ctx.toolId, phoneNumber: '01711000000', address: '1 Easel Street', quantity: 10 },
    });
    expect(third.status).toBe(409);
    await call(ctx.app, 'DELETE /order/:id', { as: alice, params: { id: second } });
    await placeOrder(ctx.app, alice, ctx.toolId);
  });
});
