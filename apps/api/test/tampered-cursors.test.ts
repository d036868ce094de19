import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openShop, type Shop } from './helpers/test-app';

/**
 * A cursor is opaque, but a client can forge one (docs/behaviour.md §9.4): whatever it decodes
 * to, a cursor this list did not give out is a 400, never a 500. Forged values used to overflow
 * the columns they were compared with (a timestamp past year 294276, an integer past 2^31).
 */
let ctx: Shop<'ann'>;
beforeAll(async () => {
  ctx = await openShop({ customers: ['ann'], tool: {} });
});
afterAll(() => ctx.close());

const UUID = '00000000-0000-4000-8000-000000000000';
const forged = (name: string, key: string, id = UUID) =>
  Buffer.from(JSON.stringify([name, key, id])).toString('base64url');

const HUGE_TIMES = ['999999999999999999', '-999999999999999999', '253402300800000000'];

/** Each paged list, with the name its cursors carry and whether its ids are uuids. */
const lists = () => [
  { url: '/api/tool', name: 'oldest', query: '' },
  { url: '/api/tool', name: 'newest', query: 'sort=newest&' },
  { url: '/api/review', name: 'reviews', query: '' },
  { url: '/api/moderation/reviews', name: 'reviews', query: '' },
  { url: '/api/order', name: 'orders', query: '' },
  { url: '/api/order-export', name: 'orders', query: '' },
  { url: '/api/user', name: 'users', query: '' },
  { url: '/api/audit-events', name: 'audit', query: '' },
  { url: `/api/tool/${ctx.toolId}/stock-movements`, name: 'stock-movements', query: '' },
];

async function get(url: string) {
  return ctx.app.inject({ method: 'GET', url, headers: ctx.admin.headers });
}

describe('a forged cursor', () => {
  it('with a time past any timestamp is a 400 on every list ordered by time', async () => {
    for (const { url, name, query } of lists()) {
      for (const time of HUGE_TIMES) {
        const response = await get(`${url}?${query}cursor=${forged(name, time)}`);
        expect(response.statusCode, `${url} ${time}: ${response.body}`).toBe(400);
        expect(response.json()).toMatchObject({ code: 'invalid-input' });
      }
    }
  });

  it('with a price past an integer is a 400', async () => {
    for (const sort of ['price-asc', 'price-desc']) {
      const response = await get(`/api/tool?sort=${sort}&cursor=${forged(sort, '9999999999')}`);
      expect(response.statusCode, response.body).toBe(400);
    }
  });

  it('with a NUL in its text is a 400', async () => {
    const byName = await get(`/api/tool?sort=name&cursor=${forged('name', 'a\u0000b')}`);
    expect(byName.statusCode, byName.body).toBe(400);
    const byUserId = await get(`/api/user?cursor=${forged('users', '1000', 'a\u0000b')}`);
    expect(byUserId.statusCode, byUserId.body).toBe(400);
  });

  it('of the inbox with a date no database keeps is a 400', async () => {
    for (const time of ['-271821-04-20T00:00:00.000Z', '+275760-09-13T00:00:00.000Z']) {
      const cursor = Buffer.from(`${time}|${UUID}`).toString('base64url');
      const response = await get(`/api/contact-messages?cursor=${cursor}`);
      expect(response.statusCode, `${time}: ${response.body}`).toBe(400);
    }
  });

  it('a real cursor still pages', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/tool',
      headers: ctx.admin.headers,
      payload: undefined,
    });
    const first = await get('/api/user?limit=1');
    expect(first.statusCode).toBe(200);
  });
});
