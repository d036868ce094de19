import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CART_LINES } from '@shop/shared/contracts/cart';
import { call } from './helpers/call';
import { addTool, openShop, signUpCustomer, type Shop, type SignedIn } from './helpers/test-app';

/**
 * The cart (docs/behaviour.md §5.18): one per account on the server, each line held to its
 * tool's rules on the quantity it ends up with, priced from the tool whenever it is read.
 */
let shop: Shop<'ann' | 'ben' | 'cal'>;
let packs: string; // packs of 24, minimum 24, at most 240, 500 in stock
let ladder: string; // minimum 10, $9.00, from 50 $8.10, from 100 $7.20
let few: string; // minimum 5, 12 in stock

beforeAll(async () => {
  shop = await openShop({ customers: ['ann', 'ben', 'cal'], env: { ORDER_MINIMUM: '500' } });
  packs = await addTool(shop.app, shop.admin, {
    name: 'Masking Tape Roll',
    orderQuantity: 24,
    packSize: 24,
    maxOrderQuantity: 240,
    availableQuantity: 500,
    perPartsPrice: 2,
  });
  ladder = await addTool(shop.app, shop.admin, {
    name: 'Sash Brush',
    orderQuantity: 10,
    availableQuantity: 1000,
    perPartsPrice: 9,
    priceBreaks: [
      { fromQuantity: 50, unitPrice: 8.1 },
      { fromQuantity: 100, unitPrice: 7.2 },
    ],
    shipPrice: 30,
  });
  few = await addTool(shop.app, shop.admin, { name: 'Paint Tray', orderQuantity: 5, availableQuantity: 12 });
});
afterAll(() => shop.close());

const setLines = (as: SignedIn, lines: { toolId: string; quantity: number }[]) =>
  call(shop.app, 'PUT /cart/lines', { as, body: { lines } });

describe('setting lines', () => {
  it('checks each line on the quantity it ends up with, names the nearest valid quantities, and keeps refused lines as they were', async () => {
    const { ann } = shop.customers;
    const first = await setLines(ann, [
      { toolId: packs, quantity: 48 },
      { toolId: ladder, quantity: 9 },
    ]);
    expect(first.status).toBe(200);
    expect(first.body.results).toEqual([
      { toolId: packs, status: 'ok' },
      {
        toolId: ladder,
        status: 'refused',
        code: 'below-minimum-quantity',
        message: 'You have to order minimun quantiy',
        nearest: [10],
      },
    ]);
    // Not a whole number of packs: refused, never rounded, and the line stays at 48.
    const notPacks = await setLines(ann, [{ toolId: packs, quantity: 60 }]);
    expect(notPacks.body.results).toEqual([
      {
        toolId: packs,
        status: 'refused',
        code: 'not-a-pack-multiple',
        message: 'Sold in packs of 24: order 48 or 72',
        nearest: [48, 72],
      },
    ]);
    expect(notPacks.body.cart.lines.map((line) => [line.toolId, line.quantity])).toEqual([[packs, 48]]);
    // Above the maximum per order, and above the stock: the most that may be had.
    const tooMany = await setLines(ann, [
      { toolId: packs, quantity: 264 },
      { toolId: few, quantity: 13 },
    ]);
    expect(
      tooMany.body.results.map((result) => result.status === 'refused' && [result.code, result.nearest]),
    ).toEqual([
      ['above-maximum-quantity', [240]],
      ['insufficient-stock', [12]],
    ]);
    // 0 takes a line out.
    const removed = await setLines(ann, [{ toolId: packs, quantity: 0 }]);
    expect(removed.body.cart.lines).toEqual([]);
  });

  it('refuses a tool that is not in the shop, and a line past the 200th', async () => {
    const { ben } = shop.customers;
    const unknown = await setLines(ben, [{ toolId: randomUUID(), quantity: 10 }]);
    expect(unknown.body.results[0]).toMatchObject({ status: 'refused', code: 'not-found' });
    const archived = await addTool(shop.app, shop.admin, { name: 'Old Scraper' });
    await call(shop.app, 'DELETE /delete-tool/:id', { as: shop.admin, params: { id: archived } });
    const gone = await setLines(ben, [{ toolId: archived, quantity: 10 }]);
    expect(gone.body.results[0]).toMatchObject({ status: 'refused', code: 'not-found' });

    const buyer = await signUpCustomer(shop.app, 'bulk');
    const many: string[] = [];
    for (let i = 0; i <= MAX_CART_LINES; i += 1) {
      many.push(await addTool(shop.app, shop.admin, { name: `Bulk tool ${i}`, orderQuantity: 1 }));
    }
    const full = await setLines(
      buyer,
      many.slice(0, MAX_CART_LINES).map((toolId) => ({ toolId, quantity: 1 })),
    );
    expect(full.body.results.every((result) => result.status === 'ok')).toBe(true);
    const over = await setLines(buyer, [
      { toolId: many[MAX_CART_LINES]!, quantity: 1 },
      { toolId: many[0]!, quantity: 2 },
    ]);
    expect(over.body.results).toEqual([
      expect.objectContaining({ status: 'refused', code: 'cart-full' }),
      { toolId: many[0], status: 'ok' },
    ]);
    expect(over.body.cart.lines).toHaveLength(MAX_CART_LINES);
  }, 60_000);

  it('refuses a request of more than 200 lines, a tool named twice, and a price sent by the client', async () => {
    const { ben } = shop.customers;
    const tooMany = await call(shop.app, 'PUT /cart/lines', {
      as: ben,
      unsafeBody: {
        lines: Array.from({ length: MAX_CART_LINES + 1 }, () => ({ toolId: randomUUID(), quantity: 1 })),
      },
    });
    expect(tooMany.status).toBe(400);
    const twice = await setLines(ben, [
      { toolId: ladder, quantity: 10 },
      { toolId: ladder, quantity: 20 },
    ]);
    expect(twice.error.message).toBe('Name each tool once per request');
    const priced = await call(shop.app, 'PUT /cart/lines', {
      as: ben,
      unsafeBody: { lines: [{ toolId: ladder, quantity: 10, unitPrice: 0.01 }] },
    });
    expect(priced.status).toBe(400);
    expect(priced.error.message).toBe('Unrecognized key: "unitPrice"');
  });
});

describe('the cart a change answers', () => {
  it('is the cart read afterwards, whatever lines were added, changed, refused or taken out', async () => {
    const { cal } = shop.customers;
    const tools = [packs, ladder, few];
    // Valid and refused quantities for each tool, and 0 to take a line out.
    const quantity = fc.constantFrom(0, 5, 9, 10, 12, 13, 24, 48, 50, 100, 500);
    const change = fc.uniqueArray(fc.record({ toolId: fc.constantFrom(...tools), quantity }), {
      minLength: 1,
      maxLength: 3,
      selector: (line) => line.toolId,
    });
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 4 }), async (changes) => {
        await setLines(
          cal,
          tools.map((toolId) => ({ toolId, quantity: 0 })),
        );
        for (const lines of changes) {
          const answered = await setLines(cal, lines);
          expect(answered.status).toBe(200);
          const read = await call(shop.app, 'GET /cart', { as: cal });
          expect(answered.body.cart).toEqual(read.body);
        }
      }),
      { numRuns: 20 },
    );
  });
});

describe('reading the cart', () => {
  it('prices each line from its tool, hints the next rung, and shows the order minimum as a shortfall', async () => {
    const buyer = await signUpCustomer(shop.app, 'reader');
    await setLines(buyer, [{ toolId: ladder, quantity: 40 }]);
    const cart = (await call(shop.app, 'GET /cart', { as: buyer })).body;
    expect(cart.lines).toEqual([
      expect.objectContaining({
        toolId: ladder,
        name: 'Sash Brush',
        quantity: 40,
        unitPrice: 9,
        rung: null,
        nextRung: { addQuantity: 10, unitPrice: 8.1 },
        lineTotal: 360,
        problem: null,
      }),
    ]);
    expect(cart).toMatchObject({
      itemsTotal: 360,
      shipping: 30,
      total: 390,
      orderMinimum: { minimum: 500, shortfall: 140 },
      canCheckOut: false,
    });
    // A deeper rung is reached: its price, and the minimum is met.
    await setLines(buyer, [{ toolId: ladder, quantity: 60 }]);
    const reached = (await call(shop.app, 'GET /cart', { as: buyer })).body;
    expect(reached.lines[0]).toMatchObject({
      unitPrice: 8.1,
      rung: { fromQuantity: 50, unitPrice: 8.1 },
      lineTotal: 486,
    });
    expect(reached.orderMinimum).toEqual({ minimum: 500, shortfall: 14 });
  });

  it('shows a line whose tool can no longer supply it as a problem, left out of the totals', async () => {
    const buyer = await signUpCustomer(shop.app, 'late');
    const scarce = await addTool(shop.app, shop.admin, {
      name: 'Scarce Roller',
      orderQuantity: 10,
      availableQuantity: 30,
    });
    await setLines(buyer, [
      { toolId: scarce, quantity: 30 },
      { toolId: ladder, quantity: 100 },
    ]);
    await call(shop.app, 'POST /tool/:id/stock-adjustment', {
      as: shop.admin,
      params: { id: scarce },
      body: { delta: -15, reason: 'Damaged in the warehouse' },
    });
    const cart = (await call(shop.app, 'GET /cart', { as: buyer })).body;
    // 15 left: the line's 30 cannot be had, 15 could.
    expect(cart.lines[0]).toMatchObject({
      toolId: scarce,
      problem: { code: 'insufficient-stock', message: "We don't have that much stock", nearest: [15] },
    });
    expect(cart).toMatchObject({ itemsTotal: 720, canCheckOut: false });
  });

  it("is one's own: another account never sees or changes it", async () => {
    const { ann, ben } = shop.customers;
    await setLines(ann, [{ toolId: ladder, quantity: 10 }]);
    await setLines(ben, [{ toolId: ladder, quantity: 20 }]);
    const annCart = (await call(shop.app, 'GET /cart', { as: ann })).body;
    expect(annCart.lines.find((line) => line.toolId === ladder)?.quantity).toBe(10);
    expect((await call(shop.app, 'GET /cart')).status).toBe(401);
  });
});
