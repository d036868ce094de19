import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@shop/shared/contracts/orders';
import type { Review } from '@shop/shared/contracts/reviews';
import type { User } from '@shop/shared/contracts/users';
import { openShop, signUp, type Shop, type SignedIn } from './helpers/test-app';

// docs/behaviour.md §9.4: Total Orders, Make Admin and the reviews page by keyset cursor, and
// the first two search by name or e-mail. Without parameters each answers its whole list as before.

let ctx: Shop<'ann' | 'ben'>;
let percy: SignedIn;

async function get(url: string, headers: Record<string, string> = ctx.admin.headers) {
  return ctx.app.inject({ method: 'GET', url, headers });
}

/** Follows the Link headers from `url` to the last page. */
async function allPages<T>(url: string): Promise<T[][]> {
  const pages: T[][] = [];
  let next: string | undefined = url;
  while (next) {
    const response = await get(next);
    expect(response.statusCode, response.body).toBe(200);
    pages.push(response.json<T[]>());
    next = (response.headers.link as string | undefined)?.match(/^<([^>]+)>; rel="next"$/)?.[1];
  }
  return pages;
}

async function order(customer: SignedIn, quantity = 10) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: customer.headers,
    payload: { toolsId: ctx.toolId, phoneNumber: '01711000000', address: '1 Easel Street', quantity },
  });
  expect(response.statusCode, response.body).toBe(201);
}

async function review(customer: SignedIn, text: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/review',
    headers: customer.headers,
    payload: { rating: 5, review: text },
  });
  expect(response.statusCode, response.body).toBe(201);
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
    const response = await get('/api/order');
    expect(response.headers.link).toBeUndefined();
    expect(response.json<Order[]>()).toHaveLength(6);
  });

  it('pages newest first with a cursor, each order once', async () => {
    const whole = (await get('/api/order')).json<Order[]>();
    const pages = await allPages<Order>('/api/order?limit=4');
    expect(pages.map((page) => page.length)).toEqual([4, 2]);
    expect(pages.flat().map((row) => row._id)).toEqual(whole.map((row) => row._id));
  });

  it("searches the customer's name or e-mail, in any case, % and _ taken literally", async () => {
    const ann = ctx.customers.ann;
    expect((await get('/api/order?q=customer%20ANN')).json<Order[]>()).toHaveLength(3);
    expect(
      (await get(`/api/order?q=${encodeURIComponent(ann.email.toUpperCase())}`)).json<Order[]>(),
    ).toHaveLength(3);
    expect((await get('/api/order?q=customer')).json<Order[]>()).toHaveLength(5);
    expect((await get('/api/order?q=100%25')).json<Order[]>().map((row) => row.name)).toEqual([percy.name]);
    expect((await get('/api/order?q=%25')).json<Order[]>()).toHaveLength(1);
    expect((await get('/api/order?q=e_p')).json<Order[]>()).toHaveLength(1); // Pure_Paint, not "e p"
    expect((await get('/api/order?q=nobody')).json<Order[]>()).toEqual([]);
    const pages = await allPages<Order>('/api/order?q=customer&limit=2');
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
  });

  it('keeps its access rule: customers 403, visitors 401, with or without parameters', async () => {
    for (const url of ['/api/order', '/api/order?limit=2', '/api/order?q=ann']) {
      expect((await get(url, ctx.customers.ann.headers)).statusCode).toBe(403);
      expect((await get(url, {})).statusCode).toBe(401);
    }
  });

  it('refuses a bad limit or cursor with a clear 400', async () => {
    expect((await get('/api/order?limit=0')).json()).toMatchObject({
      message: 'limit must be a whole number from 1 to 100',
    });
    const toolsCursor = (await ctx.app.inject({ method: 'GET', url: '/api/tool?limit=1&q=' })).headers.link;
    expect(toolsCursor).toBeUndefined(); // one tool: no next page
    const response = await get(`/api/order?cursor=${Buffer.from('["users","1","x"]').toString('base64url')}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'cursor is not one this list gave out' });
  });
});

describe('Make Admin (GET /user)', () => {
  it('pages oldest first and searches name or e-mail', async () => {
    const whole = (await get('/api/user')).json<User[]>();
    expect(whole).toHaveLength(4);
    const pages = await allPages<User>('/api/user?limit=3');
    expect(pages.map((page) => page.length)).toEqual([3, 1]);
    expect(pages.flat()).toEqual(whole);
    expect((await get('/api/user?q=PAINT.TEST')).json<User[]>().map((user) => user.email)).toEqual([
      'percy@paint.test',
    ]);
    expect((await get('/api/user?q=ada')).json<User[]>()).toEqual([
      expect.objectContaining({ role: 'admin' }),
    ]);
  });

  it('is for admins only', async () => {
    expect((await get('/api/user?limit=1', ctx.customers.ben.headers)).statusCode).toBe(403);
  });
});

describe('reviews (GET /review)', () => {
  it('without parameters: every review oldest first, from memory; a page: newest first', async () => {
    const whole = await ctx.app.inject({ method: 'GET', url: '/api/review' });
    expect(whole.headers.etag).toBeDefined();
    const reviews = whole.json<Review[]>();
    expect(reviews.map((row) => row.review)).toEqual([0, 1, 2, 3, 4].map((i) => `Review number ${i}`));

    const pages = await allPages<Review>('/api/review?limit=2');
    expect(pages.map((page) => page.length)).toEqual([2, 2, 1]);
    expect(pages.flat().map((row) => row.review)).toEqual(reviews.map((row) => row.review).reverse());
  });

  it('is public, and takes no search', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/review?limit=1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.link).toMatch(/^<\/api\/review\?limit=1&cursor=[\w-]+>; rel="next"$/);
    const search = await ctx.app.inject({ method: 'GET', url: '/api/review?q=number' });
    expect(search.statusCode).toBe(400);
  });
});
