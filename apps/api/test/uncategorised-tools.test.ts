import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@shop/shared/contracts/tools';
import { addTool, openShop, type Shop } from './helpers/test-app';

// docs/behaviour.md §3.2 (issue 25): a client written to the spec adds a tool with the spec's
// fields only; the tool is uncategorised (category null) until an admin chooses one.

let shop: Shop<never>;
beforeAll(async () => {
  shop = await openShop();
});
afterAll(() => shop.close());

/** The spec's POST /tool body: name, img, perPartsPrice, orderQuantity, availableQuantity, description. */
const specTool = (name: string) => ({
  name,
  img: 'https://images.example.com/scraper.webp',
  perPartsPrice: 4,
  orderQuantity: 20,
  availableQuantity: 800,
  description: 'A stiff scraper for old paint.',
});

const addSpecTool = async (name: string) => {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/tool',
    headers: shop.admin.headers,
    payload: specTool(name),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ insertedId: string }>().insertedId;
};

const get = (url: string) => shop.app.inject({ method: 'GET', url });
const namesOf = async (url: string) => (await get(url)).json<Tool[]>().map((tool) => tool.name);

describe('a tool without a category', () => {
  it("is added with the spec's fields alone and reads back uncategorised", async () => {
    const id = await addSpecTool('Paint Scraper');
    const tool = await get(`/api/tool/${id}`);
    expect(tool.statusCode).toBe(200);
    expect(tool.json()).toMatchObject({ ...specTool('Paint Scraper'), _id: id, category: null });
    // An explicit null says the same.
    const withNull = await shop.app.inject({
      method: 'POST',
      url: '/api/tool',
      headers: shop.admin.headers,
      payload: { ...specTool('Null Scraper'), category: null },
    });
    expect(withNull.statusCode, withNull.body).toBe(201);
  });

  it('shows in the whole catalogue and its pages, and under no category filter', async () => {
    await addSpecTool('Loose Sponge');
    await addTool(shop.app, shop.admin, { name: 'Home Sponge', category: 'home' });
    expect(await namesOf('/api/tool')).toContain('Loose Sponge');
    expect(await namesOf('/api/tool?limit=100')).toContain('Loose Sponge');
    expect(await namesOf('/api/tool?q=sponge')).toEqual(
      expect.arrayContaining(['Loose Sponge', 'Home Sponge']),
    );
    for (const category of ['home', 'professional', 'student']) {
      const response = await get(`/api/tool?category=${category}&limit=100`);
      expect(response.statusCode).toBe(200);
      expect(
        response.json<Tool[]>().some((tool) => tool.name === 'Loose Sponge'),
        category,
      ).toBe(false);
    }
  });

  it('takes a category from an edit, and the audit trail shows it added uncategorised', async () => {
    const id = await addSpecTool('Edge Scraper');
    const edited = await shop.app.inject({
      method: 'PATCH',
      url: `/api/tool/${id}`,
      headers: shop.admin.headers,
      payload: { category: 'professional' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ category: 'professional' });
    expect(await namesOf('/api/tool?category=professional')).toContain('Edge Scraper');
    const events = await shop.app.inject({
      method: 'GET',
      url: '/api/audit-events?kind=tool.edit',
      headers: shop.admin.headers,
    });
    expect(events.json<{ target: { id: string }; before: unknown; after: unknown }[]>()[0]).toMatchObject({
      target: { id },
      before: { category: null },
      after: { category: 'professional' },
    });
  });

  it('still refuses a category the shop does not know', async () => {
    for (const category of ['garden', '']) {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/tool',
        headers: shop.admin.headers,
        payload: { ...specTool('Odd Scraper'), category },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ issues: [{ field: 'category' }] });
    }
  });
});
