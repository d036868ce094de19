import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewListSchema } from '@shop/shared/contracts/reviews';
import { toolListSchema, toolSchema } from '@shop/shared/contracts/tools';
import { listReviews } from '../src/modules/reviews/reviews.service';
import { listTools } from '../src/modules/catalogue/tools/tools.service';
import { call } from './helpers/call';
import { addTool, openShop, type Shop } from './helpers/test-app';

/** The catalogue and the reviews answer from memory (decision 0018): same bytes, ETags, fresh after writes. */
let shop: Shop<'cleo'>;

beforeAll(async () => {
  shop = await openShop({ customers: ['cleo'], tool: { name: 'Cached Brush', availableQuantity: 100 } });
});
afterAll(() => shop.close());

/** A read of one of the cached routes (the tool: the shop's own), with these headers. */
const read = (key: 'GET /tool' | 'GET /review' | 'GET /tool/:id', headers: Record<string, string> = {}) =>
  key === 'GET /tool/:id'
    ? call(shop.app, key, { params: { id: shop.toolId }, headers })
    : call(shop.app, key, { headers });
const stockOf = async (id: string) =>
  (await call(shop.app, 'GET /tool/:id', { params: { id } })).body.availableQuantity;
const listedStockOf = async (id: string) =>
  (await call(shop.app, 'GET /tool')).body.find((t) => t._id === id)?.availableQuantity;

async function placeOrder(toolId: string, quantity: number) {
  const response = await call(shop.app, 'POST /order', {
    as: shop.customers.cleo,
    body: { toolsId: toolId, quantity, phoneNumber: '+880 1711-000000', address: '2 Palette Row' },
  });
  expect(response.status).toBe(201);
  return response.body.insertedId;
}

describe('the catalogue served from memory', () => {
  it('answers the same bytes as the schema-serialized rows, as JSON, with a strong ETag', async () => {
    const { db } = shop.database;
    const list = await call(shop.app, 'GET /tool');
    expect(list.status).toBe(200);
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(list.text).toBe(JSON.stringify(toolListSchema.parse(await listTools(db))));
    expect(list.headers.etag).toMatch(/^"[\w-]+"$/);

    const one = await call(shop.app, 'GET /tool/:id', { params: { id: shop.toolId } });
    const row = (await listTools(db)).find((tool) => tool._id === shop.toolId);
    expect(one.text).toBe(JSON.stringify(toolSchema.parse(row)));
    expect(one.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(one.headers.etag).not.toBe(list.headers.etag);

    const reviews = await call(shop.app, 'GET /review');
    expect(reviews.text).toBe(JSON.stringify(reviewListSchema.parse(await listReviews(db))));
  });

  it.each(['GET /tool', 'GET /review', 'GET /tool/:id'] as const)(
    '%s answers 304 without a body to a matching If-None-Match, 200 to any other',
    async (key) => {
      const first = await read(key);
      const etag = first.headers.etag as string;
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await read(key, { 'if-none-match': ifNoneMatch });
        expect(again.status).toBe(304);
        expect(again.text).toBe('');
        expect(again.headers.etag).toBe(etag);
      }
      const changed = await read(key, { 'if-none-match': '"something-else"' });
      expect(changed.status).toBe(200);
      expect(changed.text).toBe(first.text);
    },
  );

  it('a tool added shows in the next read of the list and by id', async () => {
    const before = await call(shop.app, 'GET /tool');
    const id = await addTool(shop.app, shop.admin, { name: 'Fresh Roller' });
    const after = await call(shop.app, 'GET /tool', {
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.status).toBe(200);
    expect(after.body).toContainEqual(expect.objectContaining({ _id: id, name: 'Fresh Roller' }));
    expect((await call(shop.app, 'GET /tool/:id', { params: { id } })).status).toBe(200);
  });

  it('an order placed takes its units off the next read, and cancelling it gives them back', async () => {
    const toolId = await addTool(shop.app, shop.admin, { availableQuantity: 80, orderQuantity: 5 });
    expect(await stockOf(toolId)).toBe(80);
    expect(await listedStockOf(toolId)).toBe(80);

    const orderId = await placeOrder(toolId, 30);
    expect(await stockOf(toolId)).toBe(50);
    expect(await listedStockOf(toolId)).toBe(50);

    const cancel = await call(shop.app, 'DELETE /order/:id', {
      as: shop.customers.cleo,
      params: { id: orderId },
    });
    expect(cancel.status).toBe(200);
    expect(await stockOf(toolId)).toBe(80);
    expect(await listedStockOf(toolId)).toBe(80);
  });

  it('a tool deleted is gone from the next read: out of the list, and 404 by id', async () => {
    const id = await addTool(shop.app, shop.admin, { name: 'Doomed Scraper' });
    expect((await call(shop.app, 'GET /tool/:id', { params: { id } })).status).toBe(200);
    const deleted = await call(shop.app, 'DELETE /delete-tool/:id', { as: shop.admin, params: { id } });
    expect(deleted.status).toBe(200);
    expect((await call(shop.app, 'GET /tool/:id', { params: { id } })).status).toBe(404);
    expect((await call(shop.app, 'GET /tool')).body.map((tool) => tool._id)).not.toContain(id);
  });

  it('a review posted shows in the next read of the reviews', async () => {
    const before = await call(shop.app, 'GET /review');
    const posted = await call(shop.app, 'POST /review', {
      as: shop.customers.cleo,
      body: { rating: 4, review: 'Holds its shape after a hundred washes.' },
    });
    expect(posted.status).toBe(201);
    const after = await call(shop.app, 'GET /review', {
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.status).toBe(200);
    expect(after.body).toContainEqual(
      expect.objectContaining({ review: 'Holds its shape after a hundred washes.' }),
    );
  });

  it('many readers right after a write all see it', async () => {
    const toolId = await addTool(shop.app, shop.admin, { availableQuantity: 40, orderQuantity: 1 });
    await call(shop.app, 'GET /tool');
    await placeOrder(toolId, 7);
    const reads = await Promise.all(Array.from({ length: 25 }, () => listedStockOf(toolId)));
    expect(new Set(reads)).toEqual(new Set([33]));
  });

  it('gives the server-rendered pages the same tools and reviews as objects', async () => {
    const tools = await shop.app.catalogue.tools.list();
    expect(tools).toEqual((await call(shop.app, 'GET /tool')).body);
    expect(await shop.app.catalogue.tools.find(shop.toolId)).toMatchObject({ name: 'Cached Brush' });
    expect(await shop.app.catalogue.reviews.list()).toEqual((await call(shop.app, 'GET /review')).body);
  });
});
