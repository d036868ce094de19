import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import type { Tool } from '@shop/shared/contracts/tools';
import { loadConfig } from '../src/config';
import { orders } from '../src/modules/ordering/orders/orders.table';
import { payments } from '../src/modules/payments/payments.table';
import { tools } from '../src/modules/catalogue/tools/tools.table';
import { call } from './helpers/call';
import { clientSecretFor, GOOD_CARD, markPaid } from './helpers/payments';
import { addTool, openShop, toolInput, type Shop, type SignedIn } from './helpers/test-app';

/** docs/behaviour.md §3.7: pack sizes, price breaks, shipping in the total, the order minimum. */

let ctx: Shop<'alice'>;
let admin: SignedIn;
let alice: SignedIn;

beforeAll(async () => {
  ctx = await openShop({ customers: ['alice'] });
  ({
    admin,
    customers: { alice },
  } = ctx);
});
afterAll(() => ctx.close());

/** $10 each, packs of 10 from 20 on, breaks at 200 and 1,000, $30 shipping, 5,000 in stock. */
const brushes = {
  availableQuantity: 5000,
  orderQuantity: 20,
  perPartsPrice: 10,
  packSize: 10,
  shipPrice: 30,
  priceBreaks: [
    { fromQuantity: 200, unitPrice: 8.1 },
    { fromQuantity: 1000, unitPrice: 7.2 },
  ],
};

const postTool = (payload: Record<string, unknown>) =>
  call(ctx.app, 'POST /tool', { as: admin, body: toolInput(payload) });

const order = (toolsId: string, quantity: number, extra: Record<string, unknown> = {}) =>
  call(ctx.app, 'POST /order', {
    as: alice,
    body: { toolsId, phoneNumber: '01711000000', address: '1 Easel Street', quantity, ...extra },
  });

async function placed(toolsId: string, quantity: number, extra: Record<string, unknown> = {}) {
  const response = await order(toolsId, quantity, extra);
  expect(response.status, response.text).toBe(201);
  const id = response.body.insertedId;
  const read = await call(ctx.app, 'GET /order/:id', { as: alice, params: { id } });
  return read.body;
}

async function toolOf(id: string): Promise<Tool> {
  return (await call(ctx.app, 'GET /tool/:id', { params: { id } })).body;
}

describe('a tool’s trade pricing', () => {
  it('a tool added the spec’s way sells singly, with no limit, no breaks and the $25 ship price', async () => {
    const tool = await toolOf(await addTool(ctx.app, admin));
    expect(tool).toMatchObject({ packSize: 1, maxOrderQuantity: null, shipPrice: 25, priceBreaks: [] });
  });

  it('an admin sets pack size, maximum, ship price and a ladder, and the catalogue shows them', async () => {
    const id = await addTool(ctx.app, admin, { ...brushes, maxOrderQuantity: 2000 });
    expect(await toolOf(id)).toMatchObject({
      packSize: 10,
      maxOrderQuantity: 2000,
      shipPrice: 30,
      priceBreaks: brushes.priceBreaks,
    });
  });

  it.each([
    [
      'quantities that do not increase',
      [
        { fromQuantity: 200, unitPrice: 9 },
        { fromQuantity: 200, unitPrice: 8 },
      ],
      'priceBreaks.1.fromQuantity',
      'Price break 2: the quantity must be above the one before (200)',
    ],
    [
      'prices that do not decrease',
      [
        { fromQuantity: 200, unitPrice: 9 },
        { fromQuantity: 400, unitPrice: 9 },
      ],
      'priceBreaks.1.unitPrice',
      'Price break 2: the price must be below the one before ($9.00)',
    ],
    [
      'a rung at or below the minimum order quantity',
      [{ fromQuantity: 20, unitPrice: 9 }],
      'priceBreaks.0.fromQuantity',
      'Price break 1: the quantity must be above the minimum order quantity (20)',
    ],
    [
      'a rung not below the unit price',
      [{ fromQuantity: 200, unitPrice: 10 }],
      'priceBreaks.0.unitPrice',
      'Price break 1: the price must be below the unit price ($10.00)',
    ],
    [
      'a price in fractions of a cent',
      [{ fromQuantity: 200, unitPrice: 8.105 }],
      'priceBreaks.0.unitPrice',
      'Price must be in whole cents',
    ],
  ])(
    'a ladder with %s is refused with a clear message on the rung',
    async (_, priceBreaks, field, message) => {
      const response = await postTool({ ...brushes, priceBreaks });
      expect(response.status).toBe(400);
      expect(response.error.issues).toContainEqual({ field, message });
    },
  );

  it('a minimum that is not whole packs, or a maximum below the minimum, is refused', async () => {
    const notPacks = await postTool({ ...brushes, orderQuantity: 25 });
    expect(notPacks.error.issues).toContainEqual({
      field: 'orderQuantity',
      message: 'Minimum order quantity must be a whole number of packs of 10',
    });
    const maxBelow = await postTool({ ...brushes, maxOrderQuantity: 10 });
    expect(maxBelow.error.issues).toContainEqual({
      field: 'maxOrderQuantity',
      message: 'Maximum per order must be at least the minimum order quantity',
    });
    const negativeShip = await postTool({ ...brushes, shipPrice: -1 });
    expect(negativeShip.error.issues).toContainEqual({
      field: 'shipPrice',
      message: 'Ship price must be at least $0',
    });
  });
});

describe('editing a tool with trade pricing', () => {
  it('refuses a minimum that is not whole packs or a base price at or under a rung, and changes nothing', async () => {
    const id = await addTool(ctx.app, admin, brushes);
    const patch = (payload: Record<string, unknown>) =>
      call(ctx.app, 'PATCH /tool/:id', { as: admin, params: { id }, body: payload });

    const notPacks = await patch({ orderQuantity: 25 });
    expect(notPacks.status).toBe(400);
    expect(notPacks.error.issues).toContainEqual({
      field: 'orderQuantity',
      message: 'Minimum order quantity must be a whole number of packs of 10',
    });
    const belowRung = await patch({ perPartsPrice: 8 });
    expect(belowRung.status).toBe(400);
    expect(belowRung.error.issues![0]!.field).toMatch(/^priceBreaks\.0\./);

    const tool = await toolOf(id);
    expect(tool.orderQuantity).toBe(20);
    expect(tool.perPartsPrice).toBe(10);
    expect((await patch({ orderQuantity: 30, perPartsPrice: 11 })).status).toBe(200);
  });

  it('changes packs, maximum, ship price and ladder; the next order is priced by them', async () => {
    const id = await addTool(ctx.app, admin, brushes);
    const edit = await call(ctx.app, 'PATCH /tool/:id', {
      as: admin,
      params: { id },
      body: {
        packSize: 5,
        orderQuantity: 25,
        maxOrderQuantity: 500,
        shipPrice: 12.5,
        priceBreaks: [{ fromQuantity: 100, unitPrice: 9 }],
      },
    });
    expect(edit.status).toBe(200);
    expect(await toolOf(id)).toMatchObject({
      packSize: 5,
      orderQuantity: 25,
      maxOrderQuantity: 500,
      shipPrice: 12.5,
      priceBreaks: [{ fromQuantity: 100, unitPrice: 9 }],
    });

    expect(await placed(id, 105)).toMatchObject({
      unitPrice: 9,
      itemsTotal: 945,
      shipping: 12.5,
      price: 957.5,
    });
  });

  it('refuses a ladder or pack that breaks the rules with the tool as it stands, and changes nothing', async () => {
    const id = await addTool(ctx.app, admin, brushes);
    const patch = (payload: Record<string, unknown>) =>
      call(ctx.app, 'PATCH /tool/:id', { as: admin, params: { id }, body: payload });

    // Packs of 15 do not divide the minimum of 20 that stays.
    const packs = await patch({ packSize: 15 });
    expect(packs.status).toBe(400);
    expect(packs.error.issues![0]).toMatchObject({ field: 'orderQuantity' });
    // A rung dearer than the base price of $10.
    const dearer = await patch({ priceBreaks: [{ fromQuantity: 300, unitPrice: 12 }] });
    expect(dearer.status).toBe(400);
    expect(dearer.error.issues![0]!.field).toMatch(/^priceBreaks\.0\./);
    // A maximum below the minimum.
    expect((await patch({ maxOrderQuantity: 10 })).status).toBe(400);

    expect(await toolOf(id)).toMatchObject({
      packSize: 10,
      maxOrderQuantity: null,
      shipPrice: 30,
      priceBreaks: brushes.priceBreaks,
    });
  });
});

describe('quantity rules on an order', () => {
  let toolId: string;
  beforeAll(async () => {
    toolId = await addTool(ctx.app, admin, { ...brushes, maxOrderQuantity: 2000 });
  });

  it('a quantity that is not whole packs is refused naming the nearest valid ones; nothing is taken', async () => {
    const response = await order(toolId, 47);
    expect(response.status).toBe(400);
    expect(response.error).toEqual({
      code: 'not-a-pack-multiple',
      message: 'Sold in packs of 10: order 40 or 50',
      issues: [{ field: 'quantity', message: 'Sold in packs of 10: order 40 or 50' }],
    });
    expect((await toolOf(toolId)).availableQuantity).toBe(5000);
  });

  it('more than the maximum per order is refused with its own message', async () => {
    const response = await order(toolId, 2010);
    expect(response.status).toBe(400);
    expect(response.error).toMatchObject({
      code: 'above-maximum-quantity',
      message: 'At most 2,000 per order',
    });
  });

  it('the spec’s two messages stay for its two cases', async () => {
    expect((await order(toolId, 10)).error).toMatchObject({
      code: 'below-minimum-quantity',
      message: copy.belowMinimumOrder,
    });
    expect((await order(toolId, 5010)).error).toMatchObject({
      code: 'insufficient-stock',
      message: copy.aboveStock,
    });
  });
});

describe('price breaks and shipping', () => {
  let toolId: string;
  beforeAll(async () => {
    toolId = await addTool(ctx.app, admin, brushes);
  });

  it.each([
    [20, 10, 200],
    [190, 10, 1900],
    [200, 8.1, 1620],
    [990, 8.1, 8019],
    [1000, 7.2, 7200],
  ])(
    '%i units pay the deepest rung reached ($%d each), plus shipping once',
    async (quantity, unitPrice, items) => {
      expect(await placed(toolId, quantity)).toMatchObject({
        quantity,
        unitPrice,
        itemsTotal: items,
        shipping: 30,
        total: items + 30,
        price: items + 30,
      });
    },
  );

  it('a forged price is ignored, and a forged unit price or shipping is refused; nothing is stored', async () => {
    expect(await placed(toolId, 200, { price: 1 })).toMatchObject({ unitPrice: 8.1, total: 1650 });
    for (const forged of [{ unitPrice: 0.01 }, { shipping: 0 }, { total: 1 }, { priceBreaks: [] }]) {
      const before = (await toolOf(toolId)).availableQuantity;
      const response = await order(toolId, 200, forged);
      expect(response.status).toBe(400);
      expect((await toolOf(toolId)).availableQuantity).toBe(before);
    }
  });

  it('a ladder edited after an order leaves that order’s amounts and its payment intact', async () => {
    const placedOrder = await placed(toolId, 200);
    const clientSecret = await clientSecretFor(ctx.app, alice, placedOrder._id);

    // The admin cuts every price and the ship price after the order was placed.
    await ctx.database.db
      .update(tools)
      .set({
        unitPriceCents: 500,
        shipPriceCents: 0,
        priceBreaks: [{ fromQuantity: 100, unitPriceCents: 100 }],
      })
      .where(eq(tools.id, toolId));
    ctx.app.tellChanged('tools');

    const confirmed = await call(ctx.app, 'POST /payments/demo/confirm', {
      as: alice,
      body: { clientSecret, card: GOOD_CARD, billingName: 'Alice', billingEmail: alice.email },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const { transactionId } = confirmed.body;
    const paid = await markPaid(ctx.app, alice, placedOrder._id, { tools: placedOrder._id, transactionId });
    expect(paid.status, paid.text).toBe(200);

    const after = await call(ctx.app, 'GET /order/:id', { as: alice, params: { id: placedOrder._id } });
    expect(after.body).toMatchObject({
      unitPrice: 8.1,
      itemsTotal: 1620,
      shipping: 30,
      total: 1650,
      paid: true,
    });
    const [payment] = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, placedOrder._id));
    expect(payment).toMatchObject({ amountCents: 165_000 });
    // And a new order pays the new ladder.
    expect(await placed(toolId, 200)).toMatchObject({ unitPrice: 1, shipping: 0, total: 200 });
  });

  it('the database refuses an order row whose total is not items plus shipping', async () => {
    const [row] = await ctx.database.db.select().from(orders).limit(1);
    await expect(
      ctx.database.db.execute(sql`update orders set price_cents = price_cents + 1 where id = ${row!.id}`),
    ).rejects.toThrow();
  });
});

describe('the payment is for the total', () => {
  it('the demo provider is asked for items plus shipping', async () => {
    const toolId = await addTool(ctx.app, admin, brushes);
    const { _id } = await placed(toolId, 200);
    const response = await call(ctx.app, 'POST /create-payment-intent', {
      as: alice,
      body: { orderId: _id, price: 1620 },
    });
    expect(response.status).toBe(200);
    const rows = await ctx.database.db.execute(
      sql`select amount_cents from demo_payment_intents where order_id = ${_id}`,
    );
    expect(JSON.stringify(rows)).toContain('165000');
  });
});

describe('the order minimum (ORDER_MINIMUM)', () => {
  it('is none by default, and the purchase page learns so', async () => {
    const response = await call(ctx.app, 'GET /order-rules');
    expect(response.body).toEqual({ orderMinimum: null, freeShippingOver: null });
  });

  it('a bad value stops start-up naming it', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', ORDER_MINIMUM: 'lots' })).toThrow(
      'ORDER_MINIMUM: must be an amount in dollars such as 250 or 99.50',
    );
    expect(() => loadConfig({ NODE_ENV: 'test', ORDER_MINIMUM: '0' })).toThrow(
      'ORDER_MINIMUM: must be more than 0',
    );
    expect(loadConfig({ NODE_ENV: 'test', ORDER_MINIMUM: '99.50' }).ORDER_MINIMUM).toBe(9950);
  });

  describe('when set', () => {
    let shop: Shop<'carl'>;
    beforeAll(async () => {
      shop = await openShop({ env: { ORDER_MINIMUM: '250' }, customers: ['carl'], tool: brushes });
    });
    afterAll(() => shop.close());

    it('refuses an order whose items total less, shipping not counted, and takes nothing', async () => {
      const request = (quantity: number) =>
        call(shop.app, 'POST /order', {
          as: shop.customers.carl,
          body: { toolsId: shop.toolId, phoneNumber: '01711000000', address: '1 Easel St', quantity },
        });
      // 20 x $10 = $200 of tools: $230 with shipping, still under the minimum.
      const refused = await request(20);
      expect(refused.status).toBe(400);
      expect(refused.error).toMatchObject({
        code: 'below-order-minimum',
        message: 'Orders start at $250 of tools, before shipping',
      });
      expect((await call(shop.app, 'GET /tool/:id', { params: { id: shop.toolId } })).body).toMatchObject({
        availableQuantity: 5000,
      });
      expect((await request(30)).status).toBe(201);
      const rules = await call(shop.app, 'GET /order-rules');
      expect(rules.body).toEqual({ orderMinimum: 250, freeShippingOver: null });
    });
  });
});
