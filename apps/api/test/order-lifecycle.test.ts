import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPaymentIntents } from '../src/modules/payments/payments.table';
import { call } from './helpers/call';
import {
  adminCancel,
  chargeDemoCard,
  confirmDemoCard,
  customerCancel,
  demoIntentStatus,
  eventKinds,
  payWithDemoCard,
  releasesOf,
  ship,
  timeline,
} from './helpers/order-lifecycle';
import { clientSecretFor, createIntent, placeOrder, readOrder } from './helpers/payments';
import { stockAndLedger } from './helpers/stock-ledger';
import { openShop, type Shop, type SignedIn } from './helpers/test-app';

/** docs/behaviour.md §5.5: every transition allowed and refused, each with its event once. */
let ctx: Shop<'alice' | 'bob'>;
let alice: SignedIn;
let bob: SignedIn;
let admin: SignedIn;
const START = 100_000;

beforeAll(async () => {
  ctx = await openShop({
    customers: ['alice', 'bob'],
    tool: { availableQuantity: START, orderQuantity: 10, perPartsPrice: 7 },
  });
  ({
    admin,
    customers: { alice, bob },
  } = ctx);
});
afterAll(() => ctx.close());

const stock = async () => (await stockAndLedger(ctx.database.db, ctx.toolId)).stock;
const events = (orderId: string) => eventKinds(ctx.database.db, orderId);
const releases = (orderId: string) => releasesOf(ctx.database.db, orderId);
const order = async (orderId: string) =>
  (await readOrder(ctx.app, alice, orderId)) as unknown as Record<string, unknown>;

describe('placing and paying', () => {
  it("place_order records 'placed' by the customer in the same call; the timeline shows it", async () => {
    const id = await placeOrder(ctx.app, alice, ctx.toolId);
    expect(await events(id)).toEqual(['placed']);
    const response = await timeline(ctx.app, alice, id);
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body.order).toMatchObject({ _id: id, state: 'unpaid', paid: false, ship: false });
    expect(body.events).toEqual([
      expect.objectContaining({ kind: 'placed', actor: 'customer', actorEmail: null }),
    ]);
    // Admins see who acted; another customer learns nothing.
    const asAdmin = (await timeline(ctx.app, admin, id)).body;
    expect(asAdmin.events[0]).toMatchObject({ actor: 'customer', actorEmail: alice.email });
    expect((await timeline(ctx.app, bob, id)).status).toBe(404);
    expect((await timeline(ctx.app, alice, 'not-an-id')).status).toBe(404);
  });

  it("starting the payment records 'payment-started' once, paying records 'paid'", async () => {
    const id = await placeOrder(ctx.app, alice, ctx.toolId);
    await clientSecretFor(ctx.app, alice, id);
    await clientSecretFor(ctx.app, alice, id); // a second tab: the same intent, no second event
    expect(await events(id)).toEqual(['placed', 'payment-started']);
    await payWithDemoCard(ctx.app, alice, id);
    expect(await events(id)).toEqual(['placed', 'payment-started', 'paid']);
    expect(await order(id)).toMatchObject({ state: 'paid', paid: true, ship: false });
    // Paid: no second payment starts.
    const again = await createIntent(ctx.app, alice, { orderId: id });
    expect(again.status).toBe(409);
    expect(again.error.message).toBe('This order has already been paid');
  });
});

describe('shipping', () => {
  it('ships a paid order with a carrier and tracking number the customer sees, once', async () => {
    const id = await placeOrder(ctx.app, alice, ctx.toolId);
    await payWithDemoCard(ctx.app, alice, id);
    const response = await ship(ctx.app, admin, id, { carrier: ' DHL ', trackingNumber: 'JD0146000' });
    expect(response.body).toEqual({ modifiedCount: 1 });
    expect(await order(id)).toMatchObject({
      state: 'shipped',
      ship: true,
      carrier: 'DHL',
      trackingNumber: 'JD0146000',
    });
    const body = (await timeline(ctx.app, alice, id)).body;
    expect(body.events.at(-1)).toMatchObject({
      kind: 'shipped',
      actor: 'admin',
      actorEmail: null,
      carrier: 'DHL',
      trackingNumber: 'JD0146000',
    });
    const again = await ship(ctx.app, admin, id);
    expect(again.status).toBe(409);
    expect(again.error.message).toBe('This order has already been shipped');
    expect(await events(id)).toEqual(['placed', 'payment-started', 'paid', 'shipped']);
  });

  it('ships without details as before (no body); refuses an unpaid or cancelled order and bad details', async () => {
    const paid = await placeOrder(ctx.app, alice, ctx.toolId);
    await payWithDemoCard(ctx.app, alice, paid);
    const tooLong = await ship(ctx.app, admin, paid, { carrier: 'x'.repeat(101) });
    expect(tooLong.status).toBe(400);
    const unknownField = await call(ctx.app, 'PATCH /shipping-order/:id', {
      as: admin,
      params: { id: paid },
      unsafeBody: { carrier: 'DHL', colour: 'red' },
    });
    expect(unknownField.status).toBe(400);
    expect((await ship(ctx.app, admin, paid)).body).toEqual({ modifiedCount: 1 });
    expect(await order(paid)).toMatchObject({ carrier: null, trackingNumber: null });

    const unpaid = await placeOrder(ctx.app, alice, ctx.toolId);
    expect((await ship(ctx.app, admin, unpaid)).error.message).toBe('Only a paid order can be shipped');
    await customerCancel(ctx.app, alice, unpaid);
    const cancelled = await ship(ctx.app, admin, unpaid);
    expect(cancelled.status).toBe(409);
    expect(cancelled.error.message).toBe('A cancelled order cannot be shipped');
    expect(await events(unpaid)).toEqual(['placed', 'cancelled-by-customer']);
  });
});

describe('a customer cancelling', () => {
  it('keeps the order as cancelled, returns its stock once, and refuses paying it', async () => {
    const before = await stock();
    const id = await placeOrder(ctx.app, alice, ctx.toolId);
    expect((await customerCancel(ctx.app, alice, id)).body).toEqual({ deletedCount: 1 });
    expect(await order(id)).toMatchObject({ state: 'cancelled', paid: false });
    expect(await stock()).toBe(before);
    expect((await customerCancel(ctx.app, alice, id)).status).toBe(409);
    const pay = await createIntent(ctx.app, alice, { orderId: id });
    expect(pay.status).toBe(409);
    expect(pay.error.message).toBe('This order was cancelled');
    expect(await events(id)).toEqual(['placed', 'cancelled-by-customer']);
    expect(await releases(id)).toBe(1);
  });

  it('cancels the payment in flight: the started intent can no longer be charged', async () => {
    const id = await placeOrder(ctx.app, alice, ctx.toolId);
    const clientSecret = await clientSecretFor(ctx.app, alice, id);
    await customerCancel(ctx.app, alice, id);
    expect(await demoIntentStatus(ctx.database.db, clientSecret)).toBe('canceled');
    expect((await confirmDemoCard(ctx.app, alice, clientSecret)).status).toBe(409);
    expect(await order(id)).toMatchObject({ state: 'cancelled', paid: false });
  });

  it('a card charged just before the cancel is refunded at once: the order ends refunded, stock returned once', async () => {
    const before = await stock();
    const id = await placeOrder(ctx.app, alice, ctx.toolId);
    const transactionId = await chargeDemoCard(ctx.app, alice, id);
    await customerCancel(ctx.app, alice, id);
    expect(await order(id)).toMatchObject({ state: 'refunded', paid: true, transactionId });
    const refundedLate = ['placed', 'payment-started', 'cancelled-by-customer', 'paid', 'refunded'];
    expect(await events(id)).toEqual(refundedLate);
    expect(await stock()).toBe(before);
    expect(await releases(id)).toBe(1);
    // The browser's late 'paid' call changes nothing, and tells the payer of the refund, not a success.
    const late = await call(ctx.app, 'PATCH /order/:id', {
      as: alice,
      params: { id },
      body: { tools: id, transactionId },
    });
    expect(late.status).toBe(409);
    expect(late.error.message).toBe(
      'This order was cancelled before the payment arrived; the payment has been refunded',
    );
    expect(await events(id)).toEqual(refundedLate);
  });

  it('a paid order cannot be cancelled by its customer', async () => {
    const id = await placeOrder(ctx.app, alice, ctx.toolId);
    await payWithDemoCard(ctx.app, alice, id);
    const response = await customerCancel(ctx.app, alice, id);
    expect(response.status).toBe(409);
    expect(response.error.message).toBe('A paid order cannot be cancelled');
  });
});

describe('an admin cancelling', () => {
  it('cancels an unpaid order: cancelled by the shop, stock returned once', async () => {
    const before = await stock();
    const id = await placeOrder(ctx.app, alice, ctx.toolId);
    const response = await adminCancel(ctx.app, admin, id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ _id: id, state: 'cancelled', paid: false });
    expect(await stock()).toBe(before);
    const again = await adminCancel(ctx.app, admin, id);
    expect(again.status).toBe(409);
    expect(again.error.message).toBe('This order has already been cancelled');
    const body = (await timeline(ctx.app, alice, id)).body;
    expect(body.events.map((event: { kind: string; actor: string }) => [event.kind, event.actor])).toEqual([
      ['placed', 'customer'],
      ['cancelled-by-admin', 'admin'],
    ]);
  });

  it('refunds a paid order through the demo processor, once: Refunded, stock returned once', async () => {
    const before = await stock();
    const id = await placeOrder(ctx.app, alice, ctx.toolId);
    const transactionId = await payWithDemoCard(ctx.app, alice, id);
    const response = await adminCancel(ctx.app, admin, id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ state: 'refunded', paid: true, transactionId });
    const [intent] = await ctx.database.db
      .select()
      .from(demoPaymentIntents)
      .where(eq(demoPaymentIntents.id, transactionId));
    expect(intent?.refundId).toMatch(/^re_demo_/);
    expect(await stock()).toBe(before);
    const again = await adminCancel(ctx.app, admin, id);
    expect(again.status).toBe(409);
    expect(again.error.message).toBe('This order has already been refunded');
    expect(await events(id)).toEqual(['placed', 'payment-started', 'paid', 'cancelled-by-admin', 'refunded']);
    expect(await releases(id)).toBe(1);
  });

  it('refuses a shipped order, an unknown one, and customers', async () => {
    const id = await placeOrder(ctx.app, alice, ctx.toolId);
    await payWithDemoCard(ctx.app, alice, id);
    await ship(ctx.app, admin, id);
    const shipped = await adminCancel(ctx.app, admin, id);
    expect(shipped.status).toBe(409);
    expect(shipped.error.message).toBe('A shipped order cannot be cancelled');
    expect((await adminCancel(ctx.app, admin, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await adminCancel(ctx.app, admin, 'nope')).status).toBe(404);
    expect((await adminCancel(ctx.app, alice, id)).status).toBe(403);
    expect(await order(id)).toMatchObject({ state: 'shipped' });
  });
});

describe('reading orders', () => {
  it('My Orders and Total Orders keep cancelled orders, with their state', async () => {
    const id = await placeOrder(ctx.app, bob, ctx.toolId);
    await customerCancel(ctx.app, bob, id);
    const mine = await call(ctx.app, 'GET /my-order', { as: bob });
    expect(mine.body).toEqual([expect.objectContaining({ _id: id, state: 'cancelled', paid: false })]);
    const all = await call(ctx.app, 'GET /order', { as: admin });
    expect(all.body).toContainEqual(expect.objectContaining({ _id: id, state: 'cancelled' }));
  });
});
