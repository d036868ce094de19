import { describe, expect, it } from 'vitest';
import type { App } from '../src/app';
import { call, requestOf } from './helpers/call';

/**
 * The tests' call helper speaks the route table: a key that is not in it, a missing path
 * parameter or a body of the wrong shape fails `tsc -p apps/api` (each @ts-expect-error below must
 * stay an error), and the method and path come from the key, as the web's client builds them.
 */
describe('call', () => {
  it('builds the method, path and query from the key, and sends the caller’s token', () => {
    const one = requestOf('GET /tool/:id', { params: { id: 'a b' }, as: { token: 't0k' } });
    expect([one.method, one.url, one.headers]).toEqual([
      'GET',
      '/api/tool/a%20b',
      { authorization: 'Bearer t0k' },
    ]);
    const search = requestOf('GET /tool', {
      query: { q: 'sash', limit: '2' },
      unsafeQuery: { colour: 'red' },
    });
    expect([search.method, search.url, search.headers]).toEqual([
      'GET',
      '/api/tool?q=sash&limit=2&colour=red',
      {},
    ]);
    expect(requestOf('POST /review', { body: { rating: 5, review: 'Fine.' } }).payload).toEqual({
      rating: 5,
      review: 'Fine.',
    });
  });

  it('refuses a key outside the table, a missing param and a body of the wrong shape', () => {
    const typeOnly = async (app: App) => {
      // @ts-expect-error not a route of the table
      await call(app, 'POST /orders', { body: {} });
      // @ts-expect-error the path needs its id
      await call(app, 'GET /tool/:id');
      // @ts-expect-error a rating is a number
      await call(app, 'POST /review', { body: { rating: 'five', review: 'Fine.' } });
      // @ts-expect-error a route with a body needs one (or unsafeBody, for a test about bad input)
      await call(app, 'POST /review', {});
      const placed = await call(app, 'POST /order', {
        body: { toolsId: 't', phoneNumber: '01711000000', address: '1 Easel Street', quantity: 10 },
      });
      // @ts-expect-error the answer is typed: an order's id, not a tool
      expect(placed.body.availableQuantity).toBeDefined();
      expect(placed.body.insertedId).toBeTypeOf('string');
      expect(placed.error.code).toBeTypeOf('string');
    };
    expect(typeOnly).toBeTypeOf('function');
  });
});
