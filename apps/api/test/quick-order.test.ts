import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuickAddBody } from '@shop/shared/contracts/cart';
import { parseQuickOrderText } from '@shop/shared/quick-order-text';
import { call } from './helpers/call';
import { placeOrder } from './helpers/payments';
import { addTool, openShop, signUpCustomer, type Shop, type SignedIn } from './helpers/test-app';

/**
 * The quick-order pad's API (docs/behaviour.md §5.19): rows of SKU and quantity, each checked and
 * answered in the order sent; the valid ones added together, a refused one keeping none out; the
 * same Idempotency-Key twice adds once.
 */
let shop: Shop<'ann' | 'ben'>;

beforeAll(async () => {
  shop = await openShop({ customers: ['ann', 'ben'] });
  const add = (overrides: Record<string, unknown>) => addTool(shop.app, shop.admin, overrides);
  await add({ name: 'Wall Brush', sku: 'BR-25', orderQuantity: 24, packSize: 12, availableQuantity: 600 });
  await add({
    name: 'Roller 9in',
    sku: 'RL-9',
    orderQuantity: 10,
    availableQuantity: 200,
    maxOrderQuantity: 80,
  });
  await add({ name: 'Tray', sku: 'TR-3', orderQuantity: 6, availableQuantity: 20 });
  await add({ name: 'Spy Knife', sku: '007', orderQuantity: 1, availableQuantity: 50 });
  const gone = await add({ name: 'Old Scraper', sku: 'SC-1', orderQuantity: 1, availableQuantity: 50 });
  await archive(gone);
});
afterAll(() => shop.close());

/** An ordered tool cannot be deleted: deleting it archives it (docs/behaviour.md §3.12). */
async function archive(toolId: string) {
  await placeOrder(shop.app, shop.customers.ben, toolId, 1);
  const deleted = await call(shop.app, 'DELETE /delete-tool/:id', { as: shop.admin, params: { id: toolId } });
  expect(deleted.status).toBe(200);
}

const quickAdd = (as: SignedIn, rows: QuickAddBody['rows'], key: string = randomUUID()) =>
  call(shop.app, 'POST /cart/quick-add', { as, body: { rows }, headers: { 'idempotency-key': key } });

const summary = (results: { status: string; code: string | null; quantity: number; nearest: number[] }[]) =>
  results.map(({ status, code, quantity, nearest }) => [status, code, quantity, nearest]);

describe('quick add', () => {
  it('answers every row in the order sent and adds the valid ones, whatever is refused', async () => {
    const customer = await signUpCustomer(shop.app, 'cara');
    const parsed = parseQuickOrderText(
      'sku;qty\nBR-25;48\nnope-1;5\nrl-9;15\nTR-3;30\n007;3\nSC-1;2\nRL-9;100',
    );
    expect(parsed.problems).toEqual([]);
    const rows = parsed.rows.map(({ sku, quantity }) => ({ sku, quantity }));
    const answer = await quickAdd(customer, rows);
    expect(answer.status).toBe(200);
    expect(summary(answer.body.results)).toEqual([
      ['ok', null, 48, []],
      ['refused', 'unknown-sku', 5, []],
      // rl-9 is RL-9 whatever its case; its second row is merged into it: 115 is above the maximum.
      ['refused', 'above-maximum-quantity', 115, [80]],
      ['refused', 'insufficient-stock', 30, [20]],
      ['ok', null, 3, []],
      ['refused', 'not-found', 2, []],
      ['refused', 'merged', 100, []],
    ]);
    expect(answer.body.results.map((result) => result.message)).toEqual([
      null,
      'No tool has the SKU nope-1',
      'At most 80 per order: order 80 instead',
      'Only 20 in stock: order 20 instead',
      null,
      'This tool is no longer in the shop',
      'Merged with the earlier RL-9 row: 115 in all, refused with it',
    ]);
    // '007' stays text: the Spy Knife, not a tool numbered 7.
    expect(answer.body.results[4]).toMatchObject({ sku: '007', name: 'Spy Knife', cartQuantity: 3 });
    expect(answer.body.addedCount).toBe(2);
    // The cart's lines carry their SKU, as the pad's rows named them.
    expect(answer.body.cart.lines.map((line) => [line.name, line.sku, line.quantity])).toEqual([
      ['Wall Brush', 'BR-25', 48],
      ['Spy Knife', '007', 3],
    ]);
  });

  it('checks a row for a tool already in the cart on the quantity the line ends up with', async () => {
    const customer = await signUpCustomer(shop.app, 'dan');
    await quickAdd(customer, [{ sku: 'BR-25', quantity: 24 }]);
    const more = await quickAdd(customer, [{ sku: 'br-25', quantity: 30 }]);
    expect(more.body.results[0]).toMatchObject({
      status: 'refused',
      code: 'not-a-pack-multiple',
      message: 'Your cart holds 24, so the line would hold 54. Sold in packs of 12: add 24 or 36 instead',
      nearest: [24, 36],
      cartQuantity: 24,
    });
    const fixed = await quickAdd(customer, [{ sku: 'BR-25', quantity: 36 }]);
    expect(fixed.body.results[0]).toMatchObject({ status: 'ok', quantity: 36, cartQuantity: 60 });
    expect(fixed.body.cart.lines.map((line) => line.quantity)).toEqual([60]);
  });

  it('merges rows of one SKU into the first and adds their sum once', async () => {
    const customer = await signUpCustomer(shop.app, 'eve');
    const answer = await quickAdd(customer, [
      { sku: 'BR-25', quantity: 24 },
      { sku: 'RL-9', quantity: 10 },
      { sku: 'br-25', quantity: 12 },
    ]);
    expect(
      answer.body.results.map(({ status, quantity, mergedInto }) => [status, quantity, mergedInto]),
    ).toEqual([
      ['ok', 36, null],
      ['ok', 10, null],
      ['merged', 12, 0],
    ]);
    expect(answer.body.results[2]!.message).toBe('Merged with the earlier BR-25 row: 36 in all');
    expect(answer.body.addedCount).toBe(3);
    expect(answer.body.cart.lines.map((line) => [line.name, line.quantity])).toEqual([
      ['Wall Brush', 36],
      ['Roller 9in', 10],
    ]);
  });

  it('adds once for one Idempotency-Key, answering the same results, and refuses the key for other rows', async () => {
    const customer = await signUpCustomer(shop.app, 'fay');
    const key = randomUUID();
    const rows = [
      { sku: 'BR-25', quantity: 24 },
      { sku: 'TR-3', quantity: 6 },
    ];
    const first = await quickAdd(customer, rows, key);
    const again = await quickAdd(customer, rows, key);
    expect(again.status).toBe(200);
    expect(again.body.results).toEqual(first.body.results);
    expect(again.body.cart.lines.map((line) => line.quantity)).toEqual([24, 6]);
    const other = await quickAdd(customer, [{ sku: 'BR-25', quantity: 48 }], key);
    expect(other.status).toBe(409);
    expect(other.error?.message).toBe(
      'This Idempotency-Key was sent before for something else: send a new key',
    );
    // A new key adds again.
    await quickAdd(customer, rows);
    const cart = await call(shop.app, 'GET /cart', { as: customer });
    expect(cart.body.lines.map((line) => line.quantity)).toEqual([48, 12]);
  });

  it('refuses a request without a key, and a keyed request is one per user', async () => {
    const { ann, ben } = shop.customers;
    const missing = await call(shop.app, 'POST /cart/quick-add', {
      as: ann,
      body: { rows: [{ sku: 'BR-25', quantity: 24 }] },
    });
    expect(missing.status).toBe(400);
    expect(missing.error?.message).toBe('Send an Idempotency-Key header');
    // Ben using the key Ann used is his own addition, not a replay of hers.
    const key = randomUUID();
    await quickAdd(ann, [{ sku: 'TR-3', quantity: 6 }], key);
    const his = await quickAdd(ben, [{ sku: 'RL-9', quantity: 10 }], key);
    expect(his.status).toBe(200);
    expect(his.body.cart.lines.map((line) => line.name)).toEqual(['Roller 9in']);
  });

  it('refuses malformed requests whole, naming the row: a number for a SKU, a fraction, 201 rows', async () => {
    const { ann } = shop.customers;
    const bad = async (body: unknown) =>
      call(shop.app, 'POST /cart/quick-add', {
        as: ann,
        unsafeBody: body,
        headers: { 'idempotency-key': randomUUID() },
      });
    const numeric = await bad({ rows: [{ sku: 7, quantity: 1 }] });
    expect(numeric.status).toBe(400);
    expect(numeric.error?.issues).toEqual([{ field: 'rows.0.sku', message: 'SKU must be text' }]);
    const fraction = await bad({
      rows: [
        { sku: 'BR-25', quantity: 24 },
        { sku: 'TR-3', quantity: 1.5 },
      ],
    });
    expect(fraction.error?.issues).toEqual([
      { field: 'rows.1.quantity', message: 'Quantity must be a whole number' },
    ]);
    const tooMany = await bad({ rows: Array.from({ length: 201 }, () => ({ sku: 'BR-25', quantity: 24 })) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.error?.message).toBe('At most 200 rows at a time');
    const cart = await call(shop.app, 'GET /cart', { as: ann });
    expect(cart.body.lines.every((line) => line.name !== 'Wall Brush' || line.quantity !== 24 * 201)).toBe(
      true,
    );
  });
});

describe('quick add check', () => {
  it('answers what adding would do and changes nothing', async () => {
    const customer = await signUpCustomer(shop.app, 'gus');
    const check = await call(shop.app, 'POST /cart/quick-add/check', {
      as: customer,
      body: {
        rows: [
          { sku: 'BR-25', quantity: 50 },
          { sku: 'TR-3', quantity: 6 },
        ],
      },
    });
    expect(check.status).toBe(200);
    expect(summary(check.body.results)).toEqual([
      ['refused', 'not-a-pack-multiple', 50, [48, 60]],
      ['ok', null, 6, []],
    ]);
    expect(check.body.addedCount).toBe(1);
    expect(check.body.cart.lines).toEqual([]);
  });
});
