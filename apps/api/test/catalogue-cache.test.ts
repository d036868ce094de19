import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewListSchema } from '@shop/shared/contracts/reviews';
import { toolListSchema, toolSchema } from '@shop/shared/contracts/tools';
import { listReviews } from '../src/modules/reviews/reviews.service';
import { listTools } from '../src/modules/catalogue/tools/tools.service';
import { addTool, openShop, type Shop } from './helpers/test-app';

/** The catalogue and the reviews answer from memory (decision 0018): same bytes, ETags, fresh after writes. */
let shop: Shop<'cleo'>;

beforeAll(async () => {
  shop = await openShop({ customers: ['cleo'], tool: { name: 'Cached Brush', availableQuantity: 100 } });
});
afterAll(() => shop.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  shop.app.inject({ method: 'GET', url, headers });
const stockOf = async (id: string) =>
  (await get(`/api/tool/${id}`)).json<{ availableQuantity: number }>().availableQuantity;
const listedStockOf = async (id: string) =>
  (await get('/api/tool')).json<{ _id: string; availableQuantity: number }[]>().find((t) => t._id === id)
    ?.availableQuantity;

async function placeOrder(toolId: string, quantity: number) {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: shop.customers.cleo.headers,
    payload: { toolsId: toolId, quantity, phoneNumber: '+880 1711-000000', address: '2 Palette Row' },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ insertedId: string }>().insertedId;
}

describe('the catalogue served from memory', () => {
  it('answers the same bytes as the schema-serialized rows, as JSON, with a strong ETag', async () => {
    const { db } = shop.database;
    const list = await get('/api/tool');
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(list.body).toBe(JSON.stringify(toolListSchema.parse(await listTools(db))));
    expect(list.headers.etag).toMatch(/^"[\w-]+"$/);

    const one = await get(`/api/tool/${shop.toolId}`);
    const row = (await listTools(db)).find((tool) => tool._id === shop.toolId);
    expect(one.body).toBe(JSON.stringify(toolSchema.parse(row)));
    expect(one.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(one.headers.etag).not.toBe(list.headers.etag);

    const reviews = await get('/api/review');
    expect(reviews.body).toBe(JSON.stringify(reviewListSchema.parse(await listReviews(db))));
  });

  it.each(['/api/tool', '/api/review', 'tool detail'])(
    '%s answers 304 without a body to a matching If-None-Match, 200 to any other',
    async (which) => {
      const url = which === 'tool detail' ? `/api/tool/${shop.toolId}` : which;
      const first = await get(url);
      const etag = first.headers.etag as string;
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await get(url, { 'if-none-match': ifNoneMatch });
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(etag);
      }
      const changed = await get(url, { 'if-none-match': '"something-else"' });
      expect(changed.statusCode).toBe(200);
      expect(changed.body).toBe(first.body);
    },
  );

  it('a tool added shows in the next read of the list and by id', async () => {
    const before = await get('/api/tool');
    const id = await addTool(shop.app, shop.admin, { name: 'Fresh Roller' });
    const after = await get('/api/tool', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toContainEqual(expect.objectContaining({ _id: id, name: 'Fresh Roller' }));
    expect((await get(`/api/tool/${id}`)).statusCode).toBe(200);
  });

  it('an order placed takes its units off the next read, and cancelling it gives them back', async () => {
    const toolId = await addTool(shop.app, shop.admin, { availableQuantity: 80, orderQuantity: 5 });
    expect(await stockOf(toolId)).toBe(80);
    expect(await listedStockOf(toolId)).toBe(80);

    const orderId = await placeOrder(toolId, 30);
    expect(await stockOf(toolId)).toBe(50);
    expect(await listedStockOf(toolId)).toBe(50);

    const cancel = await shop.app.inject({
      method: 'DELETE',
      url: `/api/order/${orderId}`,
      headers: shop.customers.cleo.headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect(await stockOf(toolId)).toBe(80);
    expect(await listedStockOf(toolId)).toBe(80);
  });

  it('a tool deleted is gone from the next read: out of the list, and 404 by id', async () => {
    const id = await addTool(shop.app, shop.admin, { name: 'Doomed Scraper' });
    expect((await get(`/api/tool/${id}`)).statusCode).toBe(200);
    const deleted = await shop.app.inject({
      method: 'DELETE',
      url: `/api/delete-tool/${id}`,
      headers: shop.admin.headers,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await get(`/api/tool/${id}`)).statusCode).toBe(404);
    expect((await get('/api/tool')).json<{ _id: string }[]>().map((tool) => tool._id)).not.toContain(id);
  });

  it('a review posted shows in the next read of the reviews', async () => {
    const before = await get('/api/review');
    const posted = await shop.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: shop.customers.cleo.headers,
      payload: { rating: 4, review: 'Holds its shape after a hundred washes.' },
    });
    expect(posted.statusCode).toBe(201);
    const after = await get('/api/review', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toContainEqual(
      expect.objectContaining({ review: 'Holds its shape after a hundred washes.' }),
    );
  });

  it('many readers right after a write all see it', async () => {
    const toolId = await addTool(shop.app, shop.admin, { availableQuantity: 40, orderQuantity: 1 });
    await get('/api/tool');
    await placeOrder(toolId, 7);
    const reads = await Promise.all(Array.from({ length: 25 }, () => listedStockOf(toolId)));
    expect(new Set(reads)).toEqual(new Set([33]));
  });

  it('gives the server-rendered pages the same tools and reviews as objects', async () => {
    const tools = await shop.app.catalogue.tools.list();
    expect(tools).toEqual((await get('/api/tool')).json());
    expect(await shop.app.catalogue.tools.find(shop.toolId)).toMatchObject({ name: 'Cached Brush' });
    expect(await shop.app.catalogue.reviews.list()).toEqual((await get('/api/review')).json());
  });
});
