import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ORDER_TOTAL_CENTS } from '@shop/shared/constants';
import { copy } from '@shop/shared/copy';
import type { RouteInput } from '@shop/shared/api/routes';
import { orders } from '../src/modules/ordering/orders/orders.table';
import { call } from './helpers/call';
import { addTool, openShop, type Shop, type SignedIn, signUpCustomer } from './helpers/test-app';

let ctx: Shop<'alice' | 'bob'>;
let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  ctx = await openShop({ customers: ['alice', 'bob'] });
  ({
    admin,
    customers: { alice, bob },
  } = ctx);
});
afterAll(() => ctx.close());

type OrderBody = RouteInput<'POST /order'>['body'];

/** A valid order body for the tool, with overrides. */
function orderInput(toolsId: string, overrides: Partial<OrderBody> = {}): OrderBody {
  return {
    toolsId,
    phoneNumber: '+880 1711-000000',
    address: '12 Canvas Lane, Dhaka',
    quantity: 10,
    ...overrides,
  };
}

const placeOrder = (customer: SignedIn | null, body: OrderBody) =>
  call(ctx.app, 'POST /order', { as: customer, body });
/** An order no client sends (bad input), as it is. */
const placeOrderUnsafely = (customer: SignedIn, unsafeBody: unknown) =>
  call(ctx.app, 'POST /order', { as: customer, unsafeBody });

async function placeOrderId(customer: SignedIn, toolsId: string, overrides: Partial<OrderBody> = {}) {
  const response = await placeOrder(customer, orderInput(toolsId, overrides));
  expect(response.status, response.text).toBe(201);
  return response.body.insertedId;
}

async function stockOf(toolId: string): Promise<number> {
  const response = await call(ctx.app, 'GET /tool/:id', { params: { id: toolId } });
  return response.body.availableQuantity;
}

async function readOrder(user: SignedIn, id: string) {
  return call(ctx.app, 'GET /order/:id', { as: user, params: { id } });
}

const myOrders = async (customer: SignedIn) => {
  const response = await call(ctx.app, 'GET /my-order', { as: customer, query: { email: customer.email } });
  expect(response.status).toBe(200);
  return response.body;
};

const cancel = (user: SignedIn | null, id: string) =>
  call(ctx.app, 'DELETE /order/:id', { as: user, params: { id } });

const ship = (user: SignedIn, id: string) =>
  call(ctx.app, 'PATCH /shipping-order/:id', { as: user, params: { id } });

/** Payments are not part of this suite: mark an order paid directly in the database. */
async function markPaid(id: string) {
  await ctx.database.db
    .update(orders)
    .set({ paid: true, state: 'paid', transactionId: `pi_test_${randomUUID()}`, paidAt: new Date() })
    .where(eq(orders.id, id));
}

describe('placing an order', () => {
  it('the server decides the customer, tool name and price, whatever the request says', async () => {
    const toolId = await addTool(ctx.app, admin, {
      name: 'Sable Liner',
      perPartsPrice: 7,
      orderQuantity: 10,
    });
    const id = await placeOrderId(alice, toolId, {
      toolsName: 'Fake',
      name: 'Mallory',
      email: 'mallory@evil.test',
      price: 1,
      quantity: 12,
    });

    const response = await readOrder(alice, id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      _id: id,
      toolsId: toolId,
      toolsName: 'Sable Liner',
      name: alice.name,
      email: alice.email,
      phoneNumber: '+880 1711-000000',
      address: '12 Canvas Lane, Dhaka',
      quantity: 12,
      unitPrice: 7,
      // What is charged: 12 x $7 plus the default $25 shipping (docs/behaviour.md §5.4).
      price: 109,
      itemsTotal: 84,
      shipping: 25,
      total: 109,
      paid: false,
      transactionId: null,
      ship: false,
    });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({
      userId: alice.id,
      unitPriceCents: 700,
      itemsTotalCents: 8400,
      shippingCents: 2500,
      priceCents: 10_900,
    });
    expect(await stockOf(toolId)).toBe(500 - 12);
  });

  it('a visitor who is not signed in cannot place an order', async () => {
    const toolId = await addTool(ctx.app, admin);
    const response = await placeOrder(null, orderInput(toolId));
    expect(response.status).toBe(401);
    expect(await stockOf(toolId)).toBe(500);
  });

  it.each([
    ['an empty phone number', { phoneNumber: '' }],
    ['no phone number', { phoneNumber: undefined }],
    ['an empty address', { address: '   ' }],
    ['no address', { address: undefined }],
    ['no quantity', { quantity: undefined }],
    ['an empty quantity', { quantity: null }],
  ])("an order with %s answers the shop's message (§5.3)", async (_case, override) => {
    const toolId = await addTool(ctx.app, admin);
    const response = await placeOrderUnsafely(alice, { ...orderInput(toolId), ...override });
    expect(response.status).toBe(400);
    expect(response.error).toMatchObject({ code: 'invalid-input', message: copy.purchaseFillForm });
    expect(await stockOf(toolId)).toBe(500);
  });

  it("ordering fewer than the tool's minimum quantity is refused with the shop's message (§5.3)", async () => {
    const toolId = await addTool(ctx.app, admin, { orderQuantity: 10 });
    const response = await placeOrder(alice, orderInput(toolId, { quantity: 9 }));
    expect(response.status).toBe(400);
    expect(response.error).toEqual({ code: 'below-minimum-quantity', message: copy.belowMinimumOrder });
    expect(await stockOf(toolId)).toBe(500);
  });

  it("ordering more than the stock is refused with the shop's message (§5.3)", async () => {
    const toolId = await addTool(ctx.app, admin, { availableQuantity: 30, orderQuantity: 10 });
    const response = await placeOrder(alice, orderInput(toolId, { quantity: 31 }));
    expect(response.status).toBe(409);
    expect(response.error).toEqual({ code: 'insufficient-stock', message: copy.aboveStock });
    expect(await stockOf(toolId)).toBe(30);

    // Exactly the whole stock is fine, and leaves none.
    await placeOrderId(alice, toolId, { quantity: 30 });
    expect(await stockOf(toolId)).toBe(0);
  });

  it('a total over $999,999.99 (more than a card processor charges) is refused and reserves nothing', async () => {
    // $100,000 a piece: 10 of them is $1,000,000, one cent over the most an order may total.
    const toolId = await addTool(ctx.app, admin, {
      availableQuantity: 1000,
      orderQuantity: 1,
      perPartsPrice: 100_000,
    });
    const response = await placeOrder(alice, orderInput(toolId, { quantity: 10 }));
    expect(response.status).toBe(400);
    expect(response.error).toEqual({ code: 'invalid-input', message: copy.orderTotalTooHigh });
    expect(await stockOf(toolId)).toBe(1000);

    // 9 of them, $900,000, is within the bound.
    await placeOrderId(alice, toolId, { quantity: 9 });
    expect(await stockOf(toolId)).toBe(991);
    expect(MAX_ORDER_TOTAL_CENTS).toBe(99_999_999);
  });

  it('a quantity that is not a whole number is refused', async () => {
    const toolId = await addTool(ctx.app, admin);
    for (const quantity of [10.5, '12', -10]) {
      const response = await placeOrderUnsafely(alice, { ...orderInput(toolId), quantity });
      expect(response.status, String(quantity)).toBe(400);
    }
    expect(await stockOf(toolId)).toBe(500);
  });

  it('fields that no order request carries (paid, ship, transactionId) are refused and nothing is stored', async () => {
    const customer = await signUpCustomer(ctx.app, 'sneaky');
    const toolId = await addTool(ctx.app, admin);
    for (const override of [
      { paid: true },
      { ship: true },
      { transactionId: 'pi_fake' },
      { _id: randomUUID() },
      { userId: alice.id },
    ]) {
      const response = await placeOrderUnsafely(customer, { ...orderInput(toolId), ...override });
      expect(response.status, JSON.stringify(override)).toBe(400);
      expect(response.error).toMatchObject({ code: 'invalid-input' });
    }
    expect(await myOrders(customer)).toEqual([]);
    expect(await stockOf(toolId)).toBe(500);
  });

  it('a malformed or unknown tool id is a 404', async () => {
    for (const toolsId of ['not-a-uuid', randomUUID(), "1' OR '1'='1"]) {
      const response = await placeOrder(alice, orderInput(toolsId));
      expect(response.status, toolsId).toBe(404);
      expect(response.error).toMatchObject({ code: 'not-found' });
    }
  });
});

describe('reading orders', () => {
  it('a customer sees only their own orders, newest first', async () => {
    const customer = await signUpCustomer(ctx.app, 'reader');
    const toolId = await addTool(ctx.app, admin);
    const first = await placeOrderId(customer, toolId, { quantity: 10 });
    const second = await placeOrderId(customer, toolId, { quantity: 11 });
    await placeOrderId(bob, toolId);

    const list = await myOrders(customer);
    expect(list.map((order) => order._id)).toEqual([second, first]);
    expect(list.every((order) => order.email === customer.email)).toBe(true);

    // Without the e-mail, or with it in other letter case, the answer is the same.
    for (const query of [{}, { email: customer.email.toUpperCase() }]) {
      const response = await call(ctx.app, 'GET /my-order', { as: customer, query });
      expect(response.body.map((order) => order._id)).toEqual([second, first]);
    }
  });

  it("asking for another customer's orders by e-mail is forbidden", async () => {
    const response = await call(ctx.app, 'GET /my-order', { as: alice, query: { email: bob.email } });
    expect(response.status).toBe(403);
    expect(response.error).toMatchObject({ code: 'forbidden' });
  });

  it("the original's 'Bearar' scheme is accepted (§9.1); a visitor without a token is refused", async () => {
    const withBearar = await call(ctx.app, 'GET /my-order', {
      query: { email: alice.email },
      headers: { authorization: `Bearar ${alice.token}` },
    });
    expect(withBearar.status).toBe(200);
    const anonymous = await call(ctx.app, 'GET /my-order', { query: { email: alice.email } });
    expect(anonymous.status).toBe(401);
  });

  it('an order is readable by its owner and by an admin, not by another customer or a visitor', async () => {
    const toolId = await addTool(ctx.app, admin);
    const id = await placeOrderId(alice, toolId);
    expect((await readOrder(alice, id)).status).toBe(200);
    expect((await readOrder(admin, id)).body).toMatchObject({ _id: id, email: alice.email });
    // Another customer's order answers as an unknown id does: no one learns which ids exist.
    const other = await readOrder(bob, id);
    expect(other.status).toBe(404);
    expect(other.error).toMatchObject({ code: 'not-found' });
    const anonymous = await call(ctx.app, 'GET /order/:id', { params: { id } });
    expect(anonymous.status).toBe(401);
  });

  it('an unknown or malformed order id is a 404', async () => {
    for (const id of ['not-a-uuid', randomUUID(), "1' OR '1'='1"]) {
      const response = await readOrder(alice, id);
      expect(response.status, id).toBe(404);
      expect(response.error).toMatchObject({ code: 'not-found' });
    }
  });

  it('an admin sees every order, newest first; a customer or visitor cannot', async () => {
    const toolId = await addTool(ctx.app, admin);
    const fromAlice = await placeOrderId(alice, toolId);
    const fromBob = await placeOrderId(bob, toolId);

    const response = await call(ctx.app, 'GET /order', { as: admin });
    expect(response.status).toBe(200);
    const list = response.body;
    const ids = list.map((order) => order._id);
    expect(ids.indexOf(fromBob)).toBeLessThan(ids.indexOf(fromAlice));
    expect(ids.indexOf(fromBob)).toBeGreaterThanOrEqual(0);
    const times = list.map((order) => Date.parse(order.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const asCustomer = await call(ctx.app, 'GET /order', { as: alice });
    expect(asCustomer.status).toBe(403);
    const anonymous = await call(ctx.app, 'GET /order');
    expect(anonymous.status).toBe(401);
  });
});

describe('cancelling an order', () => {
  it('cancelling an unpaid order keeps it as cancelled and gives its quantity back to the stock once', async () => {
    const toolId = await addTool(ctx.app, admin);
    const id = await placeOrderId(alice, toolId, { quantity: 20 });
    expect(await stockOf(toolId)).toBe(480);

    const first = await cancel(alice, id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ deletedCount: 1 });
    expect(await stockOf(toolId)).toBe(500);

    const second = await cancel(alice, id);
    expect(second.status).toBe(409);
    expect(second.error).toEqual({ code: 'conflict', message: 'This order has already been cancelled' });
    expect(await stockOf(toolId)).toBe(500);
    expect((await readOrder(alice, id)).body).toMatchObject({ state: 'cancelled', paid: false });
  });

  it("a customer cannot cancel another customer's order", async () => {
    const toolId = await addTool(ctx.app, admin);
    const id = await placeOrderId(alice, toolId);
    const response = await cancel(bob, id);
    expect(response.status).toBe(404);
    expect((await readOrder(alice, id)).status).toBe(200);
    expect(await stockOf(toolId)).toBe(490);
  });

  it("an admin cannot cancel a customer's order; a visitor cannot cancel any", async () => {
    const toolId = await addTool(ctx.app, admin);
    const id = await placeOrderId(alice, toolId);
    expect((await cancel(admin, id)).status).toBe(404);
    expect((await cancel(null, id)).status).toBe(401);
    expect((await readOrder(alice, id)).status).toBe(200);
  });

  it('a paid order cannot be cancelled', async () => {
    const toolId = await addTool(ctx.app, admin);
    const id = await placeOrderId(alice, toolId);
    await markPaid(id);
    const response = await cancel(alice, id);
    expect(response.status).toBe(409);
    expect(response.error).toEqual({ code: 'conflict', message: 'A paid order cannot be cancelled' });
    expect((await readOrder(alice, id)).body).toMatchObject({ paid: true });
    expect(await stockOf(toolId)).toBe(490);
  });

  it('cancelling an unknown or malformed order id is a 404', async () => {
    for (const id of ['not-a-uuid', randomUUID()]) {
      expect((await cancel(alice, id)).status, id).toBe(404);
    }
  });
});

describe('shipping an order', () => {
  it('an unpaid order cannot be shipped', async () => {
    const toolId = await addTool(ctx.app, admin);
    const id = await placeOrderId(alice, toolId);
    const response = await ship(admin, id);
    expect(response.status).toBe(409);
    expect(response.error).toEqual({ code: 'conflict', message: 'Only a paid order can be shipped' });
    expect((await readOrder(alice, id)).body).toMatchObject({ ship: false });
  });

  it('an admin marks a paid order shipped, once', async () => {
    const toolId = await addTool(ctx.app, admin);
    const id = await placeOrderId(alice, toolId);
    await markPaid(id);

    const first = await ship(admin, id);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ modifiedCount: 1 });
    expect((await readOrder(alice, id)).body).toMatchObject({ paid: true, ship: true });
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row?.shippedAt).toBeInstanceOf(Date);

    const again = await ship(admin, id);
    expect(again.status).toBe(409);
    expect(again.error).toMatchObject({ code: 'conflict' });
  });

  it('a customer cannot ship an order, not even their own', async () => {
    const toolId = await addTool(ctx.app, admin);
    const id = await placeOrderId(alice, toolId);
    await markPaid(id);
    const response = await ship(alice, id);
    expect(response.status).toBe(403);
    expect((await readOrder(alice, id)).body).toMatchObject({ ship: false });
  });

  it('shipping an unknown or malformed order id is a 404', async () => {
    for (const id of ['not-a-uuid', randomUUID()]) {
      expect((await ship(admin, id)).status, id).toBe(404);
    }
  });
});

describe('deleting a tool', () => {
  it('archives it: its orders stay readable with the tool name, and still name it (§3.12)', async () => {
    const toolId = await addTool(ctx.app, admin, { name: 'Retired Roller' });
    const id = await placeOrderId(alice, toolId);
    const deleted = await call(ctx.app, 'DELETE /delete-tool/:id', { as: admin, params: { id: toolId } });
    expect(deleted.body).toEqual({ deletedCount: 1 });

    const response = await readOrder(alice, id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ toolsName: 'Retired Roller', toolsId: toolId, quantity: 10 });
    expect((await myOrders(alice)).map((order) => order._id)).toContain(id);

    // The order can still be cancelled; its units go back to the archived tool.
    expect((await cancel(alice, id)).body).toEqual({ deletedCount: 1 });
  });
});
