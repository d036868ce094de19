import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/call';
import { createTestApp, type TestContext } from './helpers/test-app';

/**
 * Strict input at any size (docs/behaviour.md §9.3): a request with thousands of unknown fields
 * or absurd nesting is refused before the schema reads it ('too many fields', 'nested too
 * deeply'), with a small answer. No test times it: speed is the benchmarks' (bench/). Each
 * unknown field used to be its own issue listing every unknown field: 1,500 of them answered
 * 23 MB, and 10,000 blocked the server for seconds and ended in a 500.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const manyKeys = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, 'x']));
const manyQueryKeys = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, '1']));

describe('a request of absurd shape', () => {
  it.each([
    ['POST /password-reset', 1_500],
    ['POST /account', 10_000],
  ] as const)('%s with %i unknown fields is a small 400', async (route, count) => {
    const response = await call(ctx.app, route, { unsafeBody: { email: 'a@shop.test', ...manyKeys(count) } });
    expect(response.status).toBe(400);
    expect(response.error).toEqual({ code: 'invalid-input', message: 'The request has too many fields' });
  });

  it('a query string of 1,200 keys is a small 400', async () => {
    const response = await call(ctx.app, 'GET /tool', { unsafeQuery: manyQueryKeys(1_200) });
    expect(response.status).toBe(400);
    expect(response.error).toEqual({ code: 'invalid-input', message: 'The request has too many fields' });
  });

  it('a body nested 5,000 deep is a small 400', async () => {
    const payload = '{"email":'.repeat(5_000) + '"a@shop.test"' + '}'.repeat(5_000);
    const response = await call(ctx.app, 'POST /password-reset', {
      unsafeBody: payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.error).toEqual({ code: 'invalid-input', message: 'The request is nested too deeply' });
  });

  it('names a few unknown fields once, and counts the rest', async () => {
    const response = await call(ctx.app, 'POST /password-reset', {
      unsafeBody: { email: 'a@shop.test', ...manyKeys(50) },
    });
    expect(response.status).toBe(400);
    expect(response.error).toEqual({
      code: 'invalid-input',
      message: 'Unrecognized keys: "k0", "k1", "k2" and 47 more',
      issues: [{ field: 'k0', message: 'Unrecognized keys: "k0", "k1", "k2" and 47 more' }],
    });
  });

  it('one unknown field is named as before', async () => {
    const response = await call(ctx.app, 'POST /password-reset', {
      unsafeBody: { email: 'a@shop.test', paid: true },
    });
    expect(response.error).toEqual({
      code: 'invalid-input',
      message: 'Unrecognized key: "paid"',
      issues: [{ field: 'paid', message: 'Unrecognized key: "paid"' }],
    });
  });
});
