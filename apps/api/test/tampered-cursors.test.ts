import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteKey } from '@shop/shared/api/routes';
import { call, callAnyRoute } from './helpers/call';
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
const lists = (): { route: RouteKey; name: string; params?: Record<string, string>; sort?: string }[] => [
  { route: 'GET /tool', name: 'oldest' },
  { route: 'GET /tool', name: 'newest', sort: 'newest' },
  { route: 'GET /review', name: 'reviews' },
  { route: 'GET /moderation/reviews', name: 'reviews' },
  { route: 'GET /order', name: 'orders' },
  { route: 'GET /order-export', name: 'orders' },
  { route: 'GET /user', name: 'users' },
  { route: 'GET /audit-events', name: 'audit' },
  { route: 'GET /tool/:id/stock-movements', name: 'stock-movements', params: { id: ctx.toolId } },
];

describe('a forged cursor', () => {
  it('with a time past any timestamp is a 400 on every list ordered by time', async () => {
    for (const { route, name, params, sort } of lists()) {
      for (const time of HUGE_TIMES) {
        const response = await callAnyRoute(ctx.app, route, {
          as: ctx.admin,
          params,
          query: { ...(sort && { sort }), cursor: forged(name, time) },
        });
        expect(response.status, `${route} ${time}: ${response.text}`).toBe(400);
        expect(response.error).toMatchObject({ code: 'invalid-input' });
      }
    }
  });

  it('with a price past an integer is a 400', async () => {
    for (const sort of ['price-asc', 'price-desc'] as const) {
      const response = await call(ctx.app, 'GET /tool', {
        as: ctx.admin,
        query: { sort, cursor: forged(sort, '9999999999') },
      });
      expect(response.status, response.text).toBe(400);
    }
  });

  it('with a NUL in its text is a 400', async () => {
    const byName = await call(ctx.app, 'GET /tool', {
      as: ctx.admin,
      query: { sort: 'name', cursor: forged('name', 'a\u0000b') },
    });
    expect(byName.status, byName.text).toBe(400);
    const byUserId = await call(ctx.app, 'GET /user', {
      as: ctx.admin,
      query: { cursor: forged('users', '1000', 'a\u0000b') },
    });
    expect(byUserId.status, byUserId.text).toBe(400);
  });

  it('of the inbox with a date no database keeps is a 400', async () => {
    for (const time of ['-271821-04-20T00:00:00.000Z', '+275760-09-13T00:00:00.000Z']) {
      const cursor = Buffer.from(`${time}|${UUID}`).toString('base64url');
      const response = await call(ctx.app, 'GET /contact-messages', { as: ctx.admin, query: { cursor } });
      expect(response.status, `${time}: ${response.text}`).toBe(400);
    }
  });

  it('a real cursor still pages', async () => {
    await call(ctx.app, 'POST /tool', { as: ctx.admin, unsafeBody: undefined });
    const first = await call(ctx.app, 'GET /user', { as: ctx.admin, query: { limit: '1' } });
    expect(first.status).toBe(200);
  });
});
