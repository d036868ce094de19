import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInput } from '@shop/shared/api/routes';
import { call } from './helpers/call';
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
  const response = await call(shop.app, 'POST /tool', { as: shop.admin, body: specTool(name) });
  expect(response.status, response.text).toBe(201);
  return response.body.insertedId;
};

const namesOf = async (query: RouteInput<'GET /tool'>['query'] = {}) =>
  (await call(shop.app, 'GET /tool', { query })).body.map((tool) => tool.name);

describe('a tool without a category', () => {
  it("is added with the spec's fields alone and reads back uncategorised", async () => {
    const id = await addSpecTool('Paint Scraper');
    const tool = await call(shop.app, 'GET /tool/:id', { params: { id } });
    expect(tool.status).toBe(200);
    expect(tool.body).toMatchObject({ ...specTool('Paint Scraper'), _id: id, category: null });
    // An explicit null says the same.
    const withNull = await call(shop.app, 'POST /tool', {
      as: shop.admin,
      body: { ...specTool('Null Scraper'), category: null },
    });
    expect(withNull.status, withNull.text).toBe(201);
  });

  it('shows in the whole catalogue and its pages, and under no category filter', async () => {
    await addSpecTool('Loose Sponge');
    await addTool(shop.app, shop.admin, { name: 'Home Sponge', category: 'home' });
    expect(await namesOf()).toContain('Loose Sponge');
    expect(await namesOf({ limit: '100' })).toContain('Loose Sponge');
    expect(await namesOf({ q: 'sponge' })).toEqual(expect.arrayContaining(['Loose Sponge', 'Home Sponge']));
    for (const category of ['home', 'professional', 'student'] as const) {
      const response = await call(shop.app, 'GET /tool', { query: { category, limit: '100' } });
      expect(response.status).toBe(200);
      expect(
        response.body.some((tool) => tool.name === 'Loose Sponge'),
        category,
      ).toBe(false);
    }
  });

  it('takes a category from an edit, and the audit trail shows it added uncategorised', async () => {
    const id = await addSpecTool('Edge Scraper');
    const edited = await call(shop.app, 'PATCH /tool/:id', {
      as: shop.admin,
      params: { id },
      body: { category: 'professional' },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toMatchObject({ category: 'professional' });
    expect(await namesOf({ category: 'professional' })).toContain('Edge Scraper');
    const events = await call(shop.app, 'GET /audit-events', {
      as: shop.admin,
      query: { kind: 'tool.edit' },
    });
    expect(events.body[0]).toMatchObject({
      target: { id },
      before: { category: null },
      after: { category: 'professional' },
    });
  });

  it('still refuses a category the shop does not know', async () => {
    for (const category of ['garden', '']) {
      const response = await call(shop.app, 'POST /tool', {
        as: shop.admin,
        unsafeBody: { ...specTool('Odd Scraper'), category },
      });
      expect(response.status).toBe(400);
      expect(response.error).toMatchObject({ issues: [{ field: 'category' }] });
    }
  });
});
