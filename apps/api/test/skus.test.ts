import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/call';
import { payOrder, placeOrder } from './helpers/payments';
import { openShop, toolInput, type Shop } from './helpers/test-app';

/**
 * SKUs (docs/behaviour.md §3.14): every tool has a part number, unique whatever its case, set and
 * edited by admins, made up when none is given, found by search, kept on the order's lines.
 */
let shop: Shop<'ann'>;

beforeAll(async () => {
  shop = await openShop({ customers: ['ann'] });
});
afterAll(() => shop.close());

const addTool = (overrides: Record<string, unknown>) =>
  call(shop.app, 'POST /tool', { as: shop.admin, unsafeBody: toolInput(overrides) });

const toolById = async (id: string) => (await call(shop.app, 'GET /tool/:id', { params: { id } })).body;

describe('SKUs', () => {
  it('keeps the SKU an admin gives, as text, and makes one up when none is given', async () => {
    const given = await addTool({ name: 'Spy Knife', sku: '007' });
    expect(given.status).toBe(201);
    expect((await toolById(given.body.insertedId!)).sku).toBe('007');
    // The spec's POST /tool has no SKU: such a tool gets 'BW-' and ten hex digits.
    const none = await addTool({ name: 'Plain Brush' });
    expect((await toolById(none.body.insertedId!)).sku).toMatch(/^BW-[0-9A-F]{10}$/);
  });

  it('refuses a SKU another tool holds, whatever its case, and a SKU of other characters', async () => {
    await addTool({ name: 'Wall Brush', sku: 'BR-25' });
    const taken = await addTool({ name: 'Copy Brush', sku: 'br-25' });
    expect(taken.status).toBe(409);
    expect(taken.error).toMatchObject({
      message: 'That SKU is in use by another tool',
      issues: [{ field: 'sku', message: 'That SKU is in use by another tool' }],
    });
    const numeric = await addTool({ name: 'Number Brush', sku: 25 });
    expect(numeric.status).toBe(400);
    expect(numeric.error?.issues).toEqual([{ field: 'sku', message: 'SKU must be text' }]);
    const spaced = await addTool({ name: 'Spaced Brush', sku: 'BR 25' });
    expect(spaced.error?.issues).toEqual([
      { field: 'sku', message: 'SKU may hold letters, digits, dots and dashes only' },
    ]);
    const tools = (await call(shop.app, 'GET /tool', {})).body;
    expect(tools.map((tool) => tool.name)).not.toContain('Copy Brush');
  });

  it("lets an admin change a tool's SKU, to one no other tool holds", async () => {
    const id = (await addTool({ name: 'Roller', sku: 'RL-9' })).body.insertedId!;
    await addTool({ name: 'Tray', sku: 'TR-3' });
    const changed = await call(shop.app, 'PATCH /tool/:id', {
      as: shop.admin,
      params: { id },
      body: { sku: 'RL-9X' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.sku).toBe('RL-9X');
    const clash = await call(shop.app, 'PATCH /tool/:id', {
      as: shop.admin,
      params: { id },
      body: { sku: 'tr-3' },
    });
    expect(clash.status).toBe(409);
    expect((await toolById(id)).sku).toBe('RL-9X');
    // Its own SKU in another case is no clash.
    const recased = await call(shop.app, 'PATCH /tool/:id', {
      as: shop.admin,
      params: { id },
      body: { sku: 'rl-9x' },
    });
    expect(recased.body.sku).toBe('rl-9x');
  });

  it('finds tools by the start of their SKU in the catalogue search, whatever its case', async () => {
    await addTool({ name: 'Cutting-in Brush', sku: 'CB-501' });
    await addTool({ name: 'Cutting-in Brush Wide', sku: 'CB-502' });
    const search = async (q: string) =>
      (await call(shop.app, 'GET /tool', { query: { q } })).body.map((tool) => tool.sku);
    expect(await search('cb-50')).toEqual(['CB-501', 'CB-502']);
    expect(await search('CB-502')).toEqual(['CB-502']);
  });

  it("keeps the SKU on the order's line and the receipt as it was when ordered", async () => {
    const id = (await addTool({ name: 'Filling Knife', sku: 'KN-75', orderQuantity: 1 })).body.insertedId!;
    const orderId = await placeOrder(shop.app, shop.customers.ann, id, 2);
    await call(shop.app, 'PATCH /tool/:id', { as: shop.admin, params: { id }, body: { sku: 'KN-76' } });
    const order = await call(shop.app, 'GET /order/:id', { as: shop.customers.ann, params: { id: orderId } });
    expect(order.body.lines.map((line) => line.sku)).toEqual(['KN-75']);
    await payOrder(shop.app, shop.customers.ann, orderId);
    const receipt = await call(shop.app, 'GET /order/:id/receipt', {
      as: shop.customers.ann,
      params: { id: orderId },
    });
    expect(receipt.body.items.map((item) => item.sku)).toEqual(['KN-75']);
  });
});
