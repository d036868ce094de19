import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/call';
import { placeOrder } from './helpers/payments';
import { addTool, openShop, signUpCustomer, type Shop, type SignedIn } from './helpers/test-app';

/**
 * Ordering again and saved lists (docs/behaviour.md §5.19, §5.20): an order's or a list's lines
 * into the cart at today's prices and rules, each checked as a quick-order row is; changed prices
 * flagged; tools gone skipped; another account's order or list is 404.
 */
let shop: Shop<'ann' | 'ben'>;
let brush: string; // minimum 24, packs of 12, $14, from 120 $12.60
let roller: string; // minimum 10, $20
let scraper: string; // minimum 1, to be archived

beforeAll(async () => {
  shop = await openShop({ customers: ['ann', 'ben'] });
  const add = (overrides: Record<string, unknown>) => addTool(shop.app, shop.admin, overrides);
  brush = await add({
    name: 'Wall Brush',
    sku: 'BR-100',
    orderQuantity: 24,
    packSize: 12,
    perPartsPrice: 14,
    availableQuantity: 2000,
    priceBreaks: [{ fromQuantity: 120, unitPrice: 12.6 }],
  });
  roller = await add({
    name: 'Roller',
    sku: 'RL-230',
    orderQuantity: 10,
    perPartsPrice: 20,
    availableQuantity: 5000,
  });
  scraper = await add({
    name: 'Scraper',
    sku: 'SC-1',
    orderQuantity: 1,
    perPartsPrice: 5,
    availableQuantity: 50,
  });
});
afterAll(() => shop.close());

/** A customer with an address, whose one order holds these lines (checked out from the cart). */
async function orderOf(buyer: SignedIn, lines: { toolId: string; quantity: number }[]): Promise<string> {
  const address = await call(shop.app, 'POST /address', {
    as: buyer,
    body: {
      name: 'Ann Lee',
      line1: '1 Easel St',
      city: 'Leeds',
      postalCode: 'LS1 4AB',
      country: 'GB',
      phone: '+44 113 496 0000',
    },
  });
  await call(shop.app, 'PUT /cart/lines', { as: buyer, body: { lines } });
  const placed = await call(shop.app, 'POST /checkout', {
    as: buyer,
    headers: { 'idempotency-key': randomUUID() },
    body: { addressId: address.body._id, poNumber: 'PO-77' },
  });
  expect(placed.status, placed.text).toBe(201);
  return placed.body.insertedId;
}

const reorder = (as: SignedIn, id: string, headers: Record<string, string> = {}) =>
  call(shop.app, 'POST /order/:id/reorder', { as, params: { id }, headers });

describe('order again', () => {
  it("puts the order's lines in the cart at today's prices, flagging a changed one and skipping a tool gone", async () => {
    const buyer = await signUpCustomer(shop.app, 'cara');
    const orderId = await orderOf(buyer, [
      { toolId: brush, quantity: 120 },
      { toolId: roller, quantity: 10 },
      { toolId: scraper, quantity: 2 },
    ]);
    // Since then: the brush's rung went down, the roller is unchanged, the scraper left the shop.
    await call(shop.app, 'PATCH /tool/:id', {
      as: shop.admin,
      params: { id: brush },
      body: { priceBreaks: [{ fromQuantity: 120, unitPrice: 11.9 }] },
    });
    await call(shop.app, 'DELETE /delete-tool/:id', { as: shop.admin, params: { id: scraper } });

    const again = await reorder(buyer, orderId);
    expect(again.status).toBe(200);
    expect(
      again.body.results.map(({ sku, name, status, code, quantity, priceChange }) => [
        sku,
        name,
        status,
        code,
        quantity,
        priceChange,
      ]),
    ).toEqual([
      ['BR-100', 'Wall Brush', 'ok', null, 120, { was: 12.6, now: 11.9 }],
      ['RL-230', 'Roller', 'ok', null, 10, null],
      ['SC-1', 'Scraper', 'refused', 'not-found', 2, null],
    ]);
    expect(again.body.addedCount).toBe(2);
    expect(again.body.cart.lines.map((line) => [line.name, line.quantity, line.unitPrice])).toEqual([
      ['Wall Brush', 120, 11.9],
      ['Roller', 10, 20],
    ]);
    // Ordered again, the lines go to a new order: the PO number was the old order's alone.
    const detail = await call(shop.app, 'GET /order/:id', { as: buyer, params: { id: orderId } });
    expect(detail.body.poNumber).toBe('PO-77');
  });

  it('adds to what the cart holds, each line on the quantity it ends up with', async () => {
    const buyer = await signUpCustomer(shop.app, 'dan');
    const tray = await addTool(shop.app, shop.admin, {
      name: 'Tray',
      orderQuantity: 10,
      availableQuantity: 500,
    });
    const orderId = await orderOf(buyer, [{ toolId: tray, quantity: 480 }]);
    await call(shop.app, 'PUT /cart/lines', { as: buyer, body: { lines: [{ toolId: tray, quantity: 10 }] } });
    // 480 were taken by the order: 20 remain; the cart's 10 and the 480 again are far above.
    const again = await reorder(buyer, orderId);
    expect(again.body.results[0]).toMatchObject({
      status: 'refused',
      code: 'insufficient-stock',
      message: 'Your cart holds 10, so the line would hold 490. Only 20 in stock: add 10 instead',
      nearest: [10],
    });
    expect(again.body.cart.lines.map((line) => line.quantity)).toEqual([10]);
  });

  it("is 404 for another account's order, an admin's call included, and for no order", async () => {
    const { ann, ben } = shop.customers;
    const annsOrder = await placeOrder(shop.app, ann, roller, 10);
    expect((await reorder(ben, annsOrder)).status).toBe(404);
    expect((await reorder(shop.admin, annsOrder)).status).toBe(404);
    expect((await reorder(ann, randomUUID())).status).toBe(404);
    expect((await reorder(ann, 'not-an-id')).status).toBe(404);
    const cart = await call(shop.app, 'GET /cart', { as: ben });
    expect(cart.body.lines).toEqual([]);
  });

  it('adds once for one Idempotency-Key', async () => {
    const { ann } = shop.customers;
    const orderId = await placeOrder(shop.app, ann, roller, 10);
    const key = randomUUID();
    await reorder(ann, orderId, { 'idempotency-key': key });
    const retried = await reorder(ann, orderId, { 'idempotency-key': key });
    expect(retried.body.cart.lines.map((line) => [line.name, line.quantity])).toEqual([['Roller', 10]]);
  });
});

const createList = (as: SignedIn, body: Record<string, unknown>) =>
  call(shop.app, 'POST /list', { as, unsafeBody: body });

describe('saved lists', () => {
  it('saves the cart as a list, and adds the list back to the cart later', async () => {
    const buyer = await signUpCustomer(shop.app, 'eve');
    await call(shop.app, 'PUT /cart/lines', {
      as: buyer,
      body: {
        lines: [
          { toolId: brush, quantity: 48 },
          { toolId: roller, quantity: 20 },
        ],
      },
    });
    const saved = await createList(buyer, { name: 'Crew van restock', fromCart: true });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ name: 'Crew van restock', lineCount: 2 });
    expect(saved.body.lines!.map(({ sku, quantity, unitPrice }) => [sku, quantity, unitPrice])).toEqual([
      ['BR-100', 48, 14],
      ['RL-230', 20, 20],
    ]);
    // The cart is emptied (as a checkout would), then the list fills it again.
    await call(shop.app, 'PUT /cart/lines', {
      as: buyer,
      body: {
        lines: [
          { toolId: brush, quantity: 0 },
          { toolId: roller, quantity: 0 },
        ],
      },
    });
    const added = await call(shop.app, 'POST /list/:id/add-to-cart', {
      as: buyer,
      params: { id: saved.body.id! },
    });
    expect(added.status).toBe(200);
    expect(added.body.addedCount).toBe(2);
    expect(added.body.cart.lines.map((line) => [line.name, line.quantity])).toEqual([
      ['Wall Brush', 48],
      ['Roller', 20],
    ]);
    // Added again, each line is checked on what it would end with: 96 brushes, 40 rollers.
    const twice = await call(shop.app, 'POST /list/:id/add-to-cart', {
      as: buyer,
      params: { id: saved.body.id! },
    });
    expect(twice.body.cart.lines.map((line) => line.quantity)).toEqual([96, 40]);
    const lists = await call(shop.app, 'GET /list', { as: buyer });
    expect(lists.body.map(({ name, lineCount }) => [name, lineCount])).toEqual([['Crew van restock', 2]]);
  });

  it('saves an order as a list, leaving out tools gone from the shop', async () => {
    const buyer = await signUpCustomer(shop.app, 'fay');
    const gone = await addTool(shop.app, shop.admin, {
      name: 'Dust Sheet',
      orderQuantity: 1,
      availableQuantity: 10,
    });
    const orderId = await orderOf(buyer, [
      { toolId: roller, quantity: 30 },
      { toolId: gone, quantity: 2 },
    ]);
    await call(shop.app, 'DELETE /delete-tool/:id', { as: shop.admin, params: { id: gone } });
    const saved = await createList(buyer, { name: 'From order', fromOrderId: orderId });
    expect(saved.status).toBe(201);
    expect(saved.body.lines!.map(({ name, quantity }) => [name, quantity])).toEqual([['Roller', 30]]);
    // Someone else's order is no source.
    const theirs = await createList(shop.customers.ben, { name: 'Stolen', fromOrderId: orderId });
    expect(theirs.status).toBe(404);
  });

  it('renames, sets lines, deletes; names are unique per account whatever their case', async () => {
    const buyer = await signUpCustomer(shop.app, 'gus');
    const list = await createList(buyer, { name: 'Site A', lines: [{ toolId: roller, quantity: 10 }] });
    const taken = await createList(buyer, { name: 'site a', lines: [] });
    expect(taken.status).toBe(409);
    expect(taken.error?.message).toBe('You already have a list called site a');
    // Another account may use the name.
    expect((await createList(shop.customers.ben, { name: 'Site A', lines: [] })).status).toBe(201);

    const id = list.body.id!;
    const edited = await call(shop.app, 'PATCH /list/:id', {
      as: buyer,
      params: { id },
      body: {
        name: 'Site B',
        lines: [
          { toolId: brush, quantity: 36 },
          { toolId: roller, quantity: 15 },
        ],
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.name).toBe('Site B');
    expect(edited.body.lines.map(({ name, quantity }) => [name, quantity])).toEqual([
      ['Wall Brush', 36],
      ['Roller', 15],
    ]);
    const badTool = await call(shop.app, 'PATCH /list/:id', {
      as: buyer,
      params: { id },
      body: { lines: [{ toolId: randomUUID(), quantity: 1 }] },
    });
    expect(badTool.status).toBe(400);
    expect(badTool.error?.issues).toEqual([
      { field: 'lines.0.toolId', message: 'This tool is not in the shop' },
    ]);
    // The refused edit changed nothing.
    const kept = await call(shop.app, 'GET /list/:id', { as: buyer, params: { id } });
    expect(kept.body.lines).toHaveLength(2);

    expect((await call(shop.app, 'DELETE /list/:id', { as: buyer, params: { id } })).body).toEqual({
      deletedCount: 1,
    });
    expect((await call(shop.app, 'GET /list/:id', { as: buyer, params: { id } })).status).toBe(404);
  });

  it('keeps a line whose tool left the shop while the rest of the list is changed, until it is removed', async () => {
    const buyer = await signUpCustomer(shop.app, 'hal');
    const goneA = await addTool(shop.app, shop.admin, {
      name: 'Old Tray',
      orderQuantity: 1,
      availableQuantity: 10,
    });
    const goneB = await addTool(shop.app, shop.admin, {
      name: 'Old Pole',
      orderQuantity: 1,
      availableQuantity: 10,
    });
    const list = await createList(buyer, {
      name: 'Van',
      lines: [
        { toolId: roller, quantity: 10 },
        { toolId: goneA, quantity: 2 },
        { toolId: goneB, quantity: 3 },
      ],
    });
    const id = list.body.id!;
    // Ordered once, so that leaving the shop archives them rather than deleting them.
    await orderOf(buyer, [
      { toolId: goneA, quantity: 1 },
      { toolId: goneB, quantity: 1 },
    ]);
    for (const gone of [goneA, goneB]) {
      await call(shop.app, 'DELETE /delete-tool/:id', { as: shop.admin, params: { id: gone } });
    }
    const patch = (lines: { toolId: string; quantity: number }[]) =>
      call(shop.app, 'PATCH /list/:id', { as: buyer, params: { id }, body: { lines } });
    // Another quantity, the gone lines kept as they are.
    const more = await patch([
      { toolId: roller, quantity: 20 },
      { toolId: goneA, quantity: 2 },
      { toolId: goneB, quantity: 3 },
    ]);
    expect(more.status, more.text).toBe(200);
    expect(more.body.lines.map(({ name, quantity, isArchived }) => [name, quantity, isArchived])).toEqual([
      ['Roller', 20, false],
      ['Old Tray', 2, true],
      ['Old Pole', 3, true],
    ]);
    // One gone line removed, the other still there.
    const fewer = await patch([
      { toolId: roller, quantity: 20 },
      { toolId: goneB, quantity: 3 },
    ]);
    expect(fewer.body.lines.map(({ name }) => name)).toEqual(['Roller', 'Old Pole']);
    // A gone tool the list does not hold cannot be put in.
    const back = await patch([{ toolId: goneA, quantity: 1 }]);
    expect(back.status).toBe(400);
    expect(back.error?.issues).toEqual([
      { field: 'lines.0.toolId', message: 'This tool is not in the shop' },
    ]);
  });

  it("is 404 for another account's list on every route", async () => {
    const { ann, ben } = shop.customers;
    const list = await createList(ann, { name: 'Mine', lines: [{ toolId: roller, quantity: 10 }] });
    const id = list.body.id!;
    const params = { id };
    expect((await call(shop.app, 'GET /list/:id', { as: ben, params })).status).toBe(404);
    expect(
      (await call(shop.app, 'PATCH /list/:id', { as: ben, params, body: { name: 'Theirs' } })).status,
    ).toBe(404);
    expect((await call(shop.app, 'DELETE /list/:id', { as: ben, params })).status).toBe(404);
    expect((await call(shop.app, 'POST /list/:id/add-to-cart', { as: ben, params })).status).toBe(404);
    expect((await call(shop.app, 'GET /list', { as: ben })).body.map((entry) => entry.name)).not.toContain(
      'Mine',
    );
    // Ann's list is as it was.
    expect((await call(shop.app, 'GET /list/:id', { as: ann, params })).body.name).toBe('Mine');
  });

  it('refuses a body with no source or two', async () => {
    const { ann } = shop.customers;
    const none = await createList(ann, { name: 'Empty' });
    expect(none.status).toBe(400);
    expect(none.error?.message).toBe('Send one of lines, fromCart or fromOrderId');
    const two = await createList(ann, { name: 'Two', fromCart: true, lines: [] });
    expect(two.status).toBe(400);
  });
});
