import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client';
import { tools } from '../src/modules/catalogue';
import { orderLines } from '../src/modules/ordering';
import { call } from './helpers/call';
import { expireDue } from './helpers/order-lifecycle';
import { addTool, openShop, signUpCustomer, type Shop, type SignedIn } from './helpers/test-app';

/**
 * Checkout (docs/behaviour.md §5.18): the cart becomes one order of many lines, all or nothing,
 * priced by the server, once per idempotency key; cancelling or expiring it gives every line's
 * stock back once. On PGlite in `npm test`, on PostgreSQL in the PostgreSQL pass.
 */
let shop: Shop<never>;
let brush: string; // $9, from 50 $8.10; ships at $30
let roller: string; // $4; ships at $25
let tape: string; // packs of 24; ships at $10

beforeAll(async () => {
  shop = await openShop({ env: { FREE_SHIPPING_OVER: '1000' } });
  brush = await addTool(shop.app, shop.admin, {
    name: 'Angled Sash Brush',
    orderQuantity: 10,
    availableQuantity: 1000,
    perPartsPrice: 9,
    priceBreaks: [{ fromQuantity: 50, unitPrice: 8.1 }],
    shipPrice: 30,
  });
  roller = await addTool(shop.app, shop.admin, {
    name: 'Roller',
    orderQuantity: 5,
    availableQuantity: 1000,
    perPartsPrice: 4,
  });
  tape = await addTool(shop.app, shop.admin, {
    name: 'Masking Tape',
    orderQuantity: 24,
    packSize: 24,
    availableQuantity: 1000,
    perPartsPrice: 2,
    shipPrice: 10,
  });
});
afterAll(() => shop.close());

/** A new customer with an address and a cart of these lines. */
async function buyerWith(lines: { toolId: string; quantity: number }[]) {
  const buyer = await signUpCustomer(shop.app, 'buyer');
  const address = await call(shop.app, 'POST /address', {
    as: buyer,
    body: {
      name: 'Dana Decorator',
      company: 'Dana & Sons Ltd',
      line1: '4 Trim Lane',
      city: 'Leeds',
      postalCode: 'LS1 4AB',
      country: 'GB',
      phone: '+44 113 496 0000',
    },
  });
  if (lines.length > 0) {
    const put = await call(shop.app, 'PUT /cart/lines', { as: buyer, body: { lines } });
    expect(
      put.body.results.every((result) => result.status === 'ok'),
      put.text,
    ).toBe(true);
  }
  return { buyer, addressId: address.body._id };
}

const checkOut = (
  buyer: SignedIn,
  addressId: string,
  key: string = randomUUID(),
  extra: { poNumber?: string; note?: string } = {},
) =>
  call(shop.app, 'POST /checkout', {
    as: buyer,
    headers: { 'idempotency-key': key },
    body: { addressId, ...extra },
  });

async function stockOf(id: string): Promise<number> {
  const [row] = await shop.database.db
    .select({ stock: tools.availableQuantity })
    .from(tools)
    .where(eq(tools.id, id));
  return row!.stock;
}

async function ledgerOf(id: string): Promise<number> {
  const result = await shop.database.db.execute(
    sql`select coalesce(sum(delta), 0)::int as total from stock_movements where tool_id = ${id}`,
  );
  return rowsOf<{ total: number }>(result)[0]!.total;
}

describe('checking out', () => {
  it('makes one order of the cart: each line at its rung, shipping once, the address copied, the cart emptied', async () => {
    const { buyer, addressId } = await buyerWith([
      { toolId: brush, quantity: 50 },
      { toolId: roller, quantity: 20 },
      { toolId: tape, quantity: 48 },
    ]);
    const before = await Promise.all([brush, roller, tape].map(stockOf));
    const placed = await checkOut(buyer, addressId, randomUUID(), {
      poNumber: 'PO-4471',
      note: 'Gate code 1234',
    });
    expect(placed.status, placed.text).toBe(201);
    const { order } = placed.body;
    // Each line keeps its tool's SKU (these tools were added without one: the shop made them up).
    const sku = expect.stringMatching(/^BW-[0-9A-F]{10}$/);
    expect(order.lines).toEqual([
      { toolId: brush, toolName: 'Angled Sash Brush', sku, quantity: 50, unitPrice: 8.1, lineTotal: 405 },
      { toolId: roller, toolName: 'Roller', sku, quantity: 20, unitPrice: 4, lineTotal: 80 },
      { toolId: tape, toolName: 'Masking Tape', sku, quantity: 48, unitPrice: 2, lineTotal: 96 },
    ]);
    expect(order).toMatchObject({
      toolsId: null,
      toolsName: 'Angled Sash Brush and 2 more',
      quantity: 118,
      unitPrice: null,
      itemsTotal: 581,
      // The highest ship price among the tools, once.
      shipping: 30,
      total: 611,
      price: 611,
      state: 'unpaid',
      lineCount: 3,
      poNumber: 'PO-4471',
      note: 'Gate code 1234',
      phoneNumber: '+44 113 496 0000',
      address: 'Dana Decorator, Dana & Sons Ltd, 4 Trim Lane, Leeds LS1 4AB, United Kingdom',
      shippingAddress: expect.objectContaining({ line1: '4 Trim Lane', country: 'GB' }),
    });
    expect(await Promise.all([brush, roller, tape].map(stockOf))).toEqual([
      before[0]! - 50,
      before[1]! - 20,
      before[2]! - 48,
    ]);
    expect((await call(shop.app, 'GET /cart', { as: buyer })).body.lines).toEqual([]);
    // Editing the book later changes no order.
    await call(shop.app, 'PATCH /address/:id', {
      as: buyer,
      params: { id: addressId },
      body: { line1: '9 New Road' },
    });
    const read = await call(shop.app, 'GET /order/:id', {
      as: buyer,
      params: { id: placed.body.insertedId },
    });
    expect(read.body.shippingAddress?.line1).toBe('4 Trim Lane');
  });

  it('ships free once the items reach FREE_SHIPPING_OVER', async () => {
    const { buyer, addressId } = await buyerWith([{ toolId: brush, quantity: 130 }]);
    const placed = await checkOut(buyer, addressId);
    expect(placed.body.order).toMatchObject({ itemsTotal: 1053, shipping: 0, total: 1053 });
  });

  it('refuses the whole order when one line can no longer be had, names it, and changes nothing', async () => {
    const scarce = await addTool(shop.app, shop.admin, {
      name: 'Scarce Tray',
      orderQuantity: 10,
      availableQuantity: 30,
    });
    const { buyer, addressId } = await buyerWith([
      { toolId: brush, quantity: 10 },
      { toolId: scarce, quantity: 30 },
    ]);
    // Someone else buys most of the trays meanwhile.
    const rival = await buyerWith([{ toolId: scarce, quantity: 20 }]);
    expect((await checkOut(rival.buyer, rival.addressId)).status).toBe(201);
    const before = await Promise.all([brush, scarce].map(stockOf));
    const refused = await checkOut(buyer, addressId);
    expect(refused.status).toBe(409);
    expect(refused.error).toEqual({
      code: 'insufficient-stock',
      message: "Scarce Tray: We don't have that much stock",
      issues: [{ field: `lines.${scarce}`, message: "Scarce Tray: We don't have that much stock" }],
    });
    expect(await Promise.all([brush, scarce].map(stockOf))).toEqual(before);
    expect((await call(shop.app, 'GET /cart', { as: buyer })).body.lines).toHaveLength(2);
    expect((await call(shop.app, 'GET /my-order', { as: buyer })).body).toEqual([]);
  });

  it('makes one order for one idempotency key, however often it is sent', async () => {
    const { buyer, addressId } = await buyerWith([{ toolId: roller, quantity: 5 }]);
    const key = randomUUID();
    const [first, second] = await Promise.all([
      checkOut(buyer, addressId, key),
      checkOut(buyer, addressId, key),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.insertedId).toBe(first.body.insertedId);
    // Later, with the cart filled again, the same key still answers the first order.
    await call(shop.app, 'PUT /cart/lines', {
      as: buyer,
      body: { lines: [{ toolId: roller, quantity: 10 }] },
    });
    const again = await checkOut(buyer, addressId, key);
    expect(again.body.insertedId).toBe(first.body.insertedId);
    expect((await call(shop.app, 'GET /my-order', { as: buyer })).body).toHaveLength(1);
    expect((await call(shop.app, 'GET /cart', { as: buyer })).body.lines).toHaveLength(1);
  });

  it('refuses an empty cart, a missing or malformed key, and an address of another account', async () => {
    const { buyer, addressId } = await buyerWith([]);
    expect((await checkOut(buyer, addressId)).error).toMatchObject({
      code: 'conflict',
      message: 'Your cart is empty',
    });
    const noKey = await call(shop.app, 'POST /checkout', { as: buyer, body: { addressId } });
    expect(noKey.status).toBe(400);
    const badKey = await checkOut(buyer, addressId, 'no');
    expect(badKey.status).toBe(400);
    const other = await buyerWith([{ toolId: roller, quantity: 5 }]);
    const theirs = await checkOut(other.buyer, addressId);
    expect(theirs.status).toBe(404);
    expect((await call(shop.app, 'GET /cart', { as: other.buyer })).body.lines).toHaveLength(1);
  });

  it('takes no price from the client', async () => {
    const { buyer, addressId } = await buyerWith([{ toolId: roller, quantity: 5 }]);
    const priced = await call(shop.app, 'POST /checkout', {
      as: buyer,
      headers: { 'idempotency-key': randomUUID() },
      unsafeBody: { addressId, total: 0.01 },
    });
    expect(priced.status).toBe(400);
  });

  it("keeps another account's order out of reach", async () => {
    const { buyer, addressId } = await buyerWith([{ toolId: roller, quantity: 5 }]);
    const placed = await checkOut(buyer, addressId);
    const stranger = await signUpCustomer(shop.app, 'stranger');
    const read = await call(shop.app, 'GET /order/:id', {
      as: stranger,
      params: { id: placed.body.insertedId },
    });
    expect(read.status).toBe(404);
  });
});

describe("an order's lines and its stock", () => {
  it('cancelling gives every line back once, and the ledger agrees with the stock', async () => {
    const { buyer, addressId } = await buyerWith([
      { toolId: brush, quantity: 20 },
      { toolId: tape, quantity: 24 },
    ]);
    const before = await Promise.all([brush, tape].map(stockOf));
    const placed = await checkOut(buyer, addressId);
    const id = placed.body.insertedId;
    const [first, second] = await Promise.all([
      call(shop.app, 'DELETE /order/:id', { as: buyer, params: { id } }),
      call(shop.app, 'DELETE /order/:id', { as: buyer, params: { id } }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect(await Promise.all([brush, tape].map(stockOf))).toEqual(before);
    for (const tool of [brush, tape]) expect(await ledgerOf(tool)).toBe(await stockOf(tool));
  });

  it('expiry gives every line back once', async () => {
    // Tools of this test's own: the expiry run takes every unpaid order of the shop.
    const trays = await addTool(shop.app, shop.admin, {
      name: 'Expiring Tray',
      orderQuantity: 5,
      availableQuantity: 100,
    });
    const poles = await addTool(shop.app, shop.admin, {
      name: 'Expiring Pole',
      orderQuantity: 2,
      availableQuantity: 100,
    });
    const { buyer, addressId } = await buyerWith([
      { toolId: trays, quantity: 15 },
      { toolId: poles, quantity: 8 },
    ]);
    const before = await Promise.all([trays, poles].map(stockOf));
    const placed = await checkOut(buyer, addressId);
    const ttlMs = 3_600_000;
    const later = new Date(Date.now() + 2 * ttlMs);
    expect(await expireDue(shop.app, { now: later, ttlMs })).toContain(placed.body.insertedId);
    expect(await expireDue(shop.app, { now: later, ttlMs })).toEqual([]);
    expect(await Promise.all([trays, poles].map(stockOf))).toEqual(before);
    for (const tool of [trays, poles]) expect(await ledgerOf(tool)).toBe(await stockOf(tool));
  });

  it("the spec's one-tool order is an order of one line", async () => {
    const buyer = await signUpCustomer(shop.app, 'spec');
    const placed = await call(shop.app, 'POST /order', {
      as: buyer,
      body: { toolsId: brush, phoneNumber: '01711000000', address: '1 Easel Street', quantity: 10 },
    });
    expect(placed.status).toBe(201);
    const lines = await shop.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, placed.body.insertedId))
      .orderBy(asc(orderLines.position));
    expect(
      lines.map(({ toolId, quantity, unitPriceCents }) => ({ toolId, quantity, unitPriceCents })),
    ).toEqual([{ toolId: brush, quantity: 10, unitPriceCents: 900 }]);
    const order = (
      await call(shop.app, 'GET /order/:id', { as: buyer, params: { id: placed.body.insertedId } })
    ).body;
    expect(order).toMatchObject({
      toolsId: brush,
      unitPrice: 9,
      lineCount: 1,
      poNumber: null,
      shippingAddress: null,
    });
  });
});
