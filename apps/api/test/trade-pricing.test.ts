import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import type { Order } from '@shop/shared/contracts/orders';
import type { Tool } from '@shop/shared/contracts/tools';
import { loadConfig } from '../src/config';
import { orders } from '../src/modules/ordering/orders/orders.table';
import { payments } from '../src/modules/payments/payments.table';
import { tools } from '../src/modules/catalogue/tools/tools.table';
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
  ctx.app.inject({ method: 'POST', url: '/api/tool', headers: admin.headers, payload: toolInput(payload) });

const order = (toolsId: string, quantity: number, extra: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: alice.headers,
    payload: { toolsId, phoneNumber: '01711000000', address: '1 Easel Street', quantity, ...extra },
  });

async function placed(toolsId: string, quantity: number, extra: Record<string, unknown> = {}) {
  const response = await order(toolsId, quantity, extra);
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json<{ insertedId: string }>().insertedId;
  const read = await ctx.app.inject({ method: 'GET', url: `/api/order/${id}`, headers: alice.headers });
  return read.json<Order>();
}

async function toolOf(id: string): Promise<Tool> {
  return (await ctx.app.inject({ method: 'GET', url: `/api/tool/${id}` })).json<Tool>();
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
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toContainEqual({ field, message });
    },
  );

  it('a minimum that is not whole packs, or a maximum below the minimum, is refused', async () => {
    const notPacks = await postTool({ ...brushes, orderQuantity: 25 });
    expect(notPacks.json().issues).toContainEqual({
      field: 'orderQuantity',
      message: 'Minimum order quantity must be a whole number of packs of 10',
    });
    const maxBelow = await postTool({ ...brushes, maxOrderQuantity: 10 });
    expect(maxBelow.json().issues).toContainEqual({
      field: 'maxOrderQuantity',
      message: 'Maximum per order must be at least the minimum order quantity',
    });
    const negativeShip = await postTool({ ...brushes, shipPrice: -1 });
    expect(negativeShip.json().issues).toContainEqual({
      field: 'shipPrice',
      message: 'Ship price must be at least $0',
    });
  });
});

describe('editing a tool with trade pricing', () => {
  it('refuses a minimum that is not whole packs or a base price at or under a rung, and changes nothing', async () => {
    const id = await addTool(ctx.app, admin, brushes);
    const patch = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/tool/${id}`, headers: admin.headers, payload });

    const notPacks = await patch({ orderQuantity: 25 });
    expect(notPacks.statusCode).toBe(400);
    expect(notPacks.json().issues).toContainEqual({
      field: 'orderQuantity',
      message: 'Minimum order quantity must be a whole number of packs of 10',
    });
    const belowRung = await patch({ perPartsPrice: 8 });
    expect(belowRung.statusCode).toBe(400);
    expect(belowRung.json().issues[0].field).toMatch(/^priceBreaks\.0\./);

    const tool = await toolOf(id);
    expect(tool.orderQuantity).toBe(20);
    expect(tool.perPartsPrice).toBe(10);
    expect((await patch({ orderQuantity: 30, perPartsPrice: 11 })).statusCode).toBe(200);
  });

  it('changes packs, maximum, ship price and ladder; the next order is priced by them', async () => {
    const id = await addTool(ctx.app, admin, brushes);
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/tool/${id}`,
      headers: admin.headers,
      payload: {
        packSize: 5,
        orderQuantity: 25,
        maxOrderQuantity: 500,
        shipPrice: 12.5,
        priceBreaks: [{ fromQuantity: 100, unitPrice: 9 }],
      },
    });
    expect(edit.statusCode).toBe(200);
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
      ctx.app.inject({ method: 'PATCH', url: `/api/tool/${id}`, headers: admin.headers, payload });

    // Packs of 15 do not divide the minimum of 20 that stays.
    const packs = await patch({ packSize: 15 });
    expect(packs.statusCode).toBe(400);
    expect(packs.json().issues[0]).toMatchObject({ field: 'orderQuantity' });
    // A rung dearer than the base price of $10.
    const dearer = await patch({ priceBreaks: [{ fromQuantity: 300, unitPrice: 12 }] });
    expect(dearer.statusCode).toBe(400);
    expect(dearer.json().issues[0].field).toMatch(/^priceBreaks\.0\./);
    // A maximum below the minimum.
    expect((await patch({ maxOrderQuantity: 10 })).statusCode).toBe(400);

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
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'not-a-pack-multiple',
      message: 'Sold in packs of 10: order 40 or 50',
      issues: [{ field: 'quantity', message: 'Sold in packs of 10: order 40 or 50' }],
    });
    expect((await toolOf(toolId)).availableQuantity).toBe(5000);
  });

  it('more than the maximum per order is refused with its own message', async () => {
    const response = await order(toolId, 2010);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'above-maximum-quantity',
      message: 'At most 2,000 per order',
    });
  });

  it('the spec’s two messages stay for its two cases', async () => {
    expect((await order(toolId, 10)).json()).toMatchObject({
      code: 'below-minimum-quantity',
      message: copy.belowMinimumOrder,
    });
    expect((await order(toolId, 5010)).json()).toMatchObject({
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
      expect(response.statusCode).toBe(400);
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

    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/demo/confirm',
      headers: alice.headers,
      payload: { clientSecret, card: GOOD_CARD, billingName: 'Alice', billingEmail: alice.email },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { transactionId } = confirmed.json<{ transactionId: string }>();
    const paid = await markPaid(ctx.app, alice, placedOrder._id, { tools: placedOrder._id, transactionId });
    expect(paid.statusCode, paid.body).toBe(200);

    const after = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/${placedOrder._id}`,
      headers: alice.headers,
    });
    expect(after.json()).toMatchObject({
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
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: alice.headers,
      payload: { orderId: _id, price: 1620 },
    });
    expect(response.statusCode).toBe(200);
    const rows = await ctx.database.db.execute(
      sql`select amount_cents from demo_payment_intents where order_id = ${_id}`,
    );
    expect(JSON.stringify(rows)).toContain('165000');
  });
});

describe('the order minimum (ORDER_MINIMUM)', () => {
  it('is none by default, and the purchase page learns so', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/order-rules' });
    expect(response.json()).toEqual({ orderMinimum: null, freeShippingOver: null });
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
        shop.app.inject({
          method: 'POST',
          url: '/api/order',
          headers: shop.customers.carl.headers,
          payload: { toolsId: shop.toolId, phoneNumber: '01711000000', address: '1 Easel St', quantity },
        });
      // 20 x $10 = $200 of tools: $230 with shipping, still under the minimum.
      const refused = await request(20);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'below-order-minimum',
        message: 'Orders start at $250 of tools, before shipping',
      });
      expect(
        (await shop.app.inject({ method: 'GET', url: `/api/tool/${shop.toolId}` })).json(),
      ).toMatchObject({
        availableQuantity: 5000,
      });
      expect((await request(30)).statusCode).toBe(201);
      const rules = await shop.app.inject({ method: 'GET', url: '/api/order-rules' });
      expect(rules.json()).toEqual({ orderMinimum: 250, freeShippingOver: null });
    });
  });
});
