import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteKey } from '@shop/shared/api/routes';
import { allPages, call, type Answer } from './helpers/call';
import { openShop, signUp, type Shop, type SignedIn } from './helpers/test-app';

// docs/behaviour.md §9.4: Total Orders, Make Admin and the reviews page by keyset cursor, and
// the first two search by name or e-mail. Without parameters each answers its whole list as before.

let ctx: Shop<'ann' | 'ben'>;
let percy: SignedIn;

/** The bodies of every page, from the first to the last (each Link header followed). */
const bodiesOf = async <K extends RouteKey>(pages: Promise<Answer<K>[]>) =>
  (await pages).map((page) => page.body);

async function order(customer: SignedIn, quantity = 10) {
  const response = await call(ctx.app, 'POST /order', {
    as: customer,
    body: { toolsId: ctx.toolId, phoneNumber: '01711000000', address: '1 Easel Street', quantity },
  });
  expect(response.status, response.text).toBe(201);
}

async function review(customer: SignedIn, text: string) {
  const response = await call(ctx.app, 'POST /review', { as: customer, body: { rating: 5, review: text } });
  expect(response.status, response.text).toBe(201);
}

beforeAll(async () => {
  ctx = await openShop({ customers: ['ann', 'ben'], tool: { availableQuantity: 100_000 } });
  percy = await signUp(ctx.app, 'Percy 100% Pure_Paint', 'percy@paint.test');
  for (let i = 0; i < 3; i++) await order(ctx.customers.ann);
  for (let i = 0; i < 2; i++) await order(ctx.customers.ben);
  await order(percy);
  for (let i = 0; i < 5; i++) await review(ctx.customers.ann, `Review number ${i}`);
});
afterAll(() => ctx.close());

describe('Total Orders (GET /order)', () => {
  it('without parameters: every order, newest first, and no Link header', async () => {
    const response = await call(ctx.app, 'GET /order', { as: ctx.admin });
    expect(response.headers.link).toBeUndefined();
    expect(response.body).toHaveLength(6);
  });

  it('pages newest first with a cursor, each order once', async () => {
    const whole = (await call(ctx.app, 'GET /order', { as: ctx.admin })).body;
    const pages = await bodiesOf(allPages(ctx.app, 'GET /order', { as: ctx.admin, query: { limit: '4' } }));
    expect(pages.map((page) => page.length)).toEqual([4, 2]);
    expect(pages.flat().map((row) => row._id)).toEqual(whole.map((row) => row._id));
  });

  it("searches the customer's name or e-mail, in any case, % and _ taken literally", async () => {
    const ann = ctx.customers.ann;
    expect(
      (await call(ctx.app, 'GET /order', { as: ctx.admin, query: { q: 'customer ANN' } })).body,
    ).toHaveLength(3);
    expect(
      (await call(ctx.app, 'GET /order', { as: ctx.admin, query: { q: ann.email.toUpperCase() } })).body,
    ).toHaveLength(3);
    expect(
      (await call(ctx.app, 'GET /order', { as: ctx.admin, query: { q: 'customer' } })).body,
    ).toHaveLength(5);
    expect(
      (await call(ctx.app, 'GET /order', { as: ctx.admin, query: { q: '100%' } })).body.map(
        (row) => row.name,
      ),
    ).toEqual([percy.name]);
    expect((await call(ctx.app, 'GET /order', { as: ctx.admin, query: { q: '%' } })).body).toHaveLength(1);
    expect((await call(ctx.app, 'GET /order', { as: ctx.admin, query: { q: 'e_p' } })).body).toHaveLength(1); // Pure_Paint, not "e p"
    expect((await call(ctx.app, 'GET /order', { as: ctx.admin, query: { q: 'nobody' } })).body).toEqual([]);
    const pages = await bodiesOf(
      allPages(ctx.app, 'GET /order', { as: ctx.admin, query: { q: 'customer', limit: '2' } }),
    );
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
  });

  it('keeps its access rule: customers 403, visitors 401, with or without parameters', async () => {
    for (const query of [{}, { limit: '2' }, { q: 'ann' }]) {
      expect((await call(ctx.app, 'GET /order', { as: ctx.customers.ann, query })).status).toBe(403);
      expect((await call(ctx.app, 'GET /order', { query })).status).toBe(401);
    }
  });

  it('refuses a bad limit or cursor with a clear 400', async () => {
    expect((await call(ctx.app, 'GET /order', { as: ctx.admin, query: { limit: '0' } })).error).toMatchObject(
      {
        message: 'limit must be a whole number from 1 to 100',
      },
    );
    const toolsCursor = (await call(ctx.app, 'GET /tool', { query: { limit: '1', q: '' } })).headers.link;
    expect(toolsCursor).toBeUndefined(); // one tool: no next page
    const response = await call(ctx.app, 'GET /order', {
      as: ctx.admin,
      query: { cursor: Buffer.from('["users","1","x"]').toString('base64url') },
    });
    expect(response.status).toBe(400);
    expect(response.error).toMatchObject({ message: 'cursor is not one this list gave out' });
  });
});

describe('Make Admin (GET /user)', () => {
  it('pages oldest first and searches name or e-mail', async () => {
    const whole = (await call(ctx.app, 'GET /user', { as: ctx.admin })).body;
    expect(whole).toHaveLength(4);
    const pages = await bodiesOf(allPages(ctx.app, 'GET /user', { as: ctx.admin, query: { limit: '3' } }));
    expect(pages.map((page) => page.length)).toEqual([3, 1]);
    expect(pages.flat()).toEqual(whole);
    expect(
      (await call(ctx.app, 'GET /user', { as: ctx.admin, query: { q: 'PAINT.TEST' } })).body.map(
        (user) => user.email,
      ),
    ).toEqual(['percy@paint.test']);
    expect((await call(ctx.app, 'GET /user', { as: ctx.admin, query: { q: 'ada' } })).body).toEqual([
      expect.objectContaining({ role: 'admin' }),
    ]);
  });

  it('is for admins only', async () => {
    expect((await call(ctx.app, 'GET /user', { as: ctx.customers.ben, query: { limit: '1' } })).status).toBe(
      403,
    );
  });
});

describe('reviews (GET /review)', () => {
  it('without parameters: every review oldest first, from memory; a page: newest first', async () => {
    const whole = await call(ctx.app, 'GET /review');
    expect(whole.headers.etag).toBeDefined();
    const reviews = whole.body;
    expect(reviews.map((row) => row.review)).toEqual([0, 1, 2, 3, 4].map((i) => `Review number ${i}`));

    const pages = await bodiesOf(allPages(ctx.app, 'GET /review', { query: { limit: '2' } }));
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat().map((row) => row.review)).toEqual(reviews.map((row) => row.review).reverse());
  });

  it('is public, and takes no search', async () => {
    const response = await call(ctx.app, 'GET /review', { query: { limit: '1' } });
    expect(response.status).toBe(200);
    expect(response.headers.link).toMatch(/^<\/api\/review\?limit=1&cursor=[\w-]+>; rel="next"$/);
    const search = await call(ctx.app, 'GET /review', { unsafeQuery: { q: 'number' } });
    expect(search.status).toBe(400);
  });
});
