import { afterAll, describe, expect, it } from 'vitest';
import type { RouteKey } from '@shop/shared/api/routes';
import { call, type Answer } from './helpers/call';
import { placeOrder } from './helpers/payments';
import {
  addTool,
  createTestApp,
  signUpAdmin,
  signUpCustomer,
  type SignedIn,
  type TestContext,
} from './helpers/test-app';

/**
 * Writes (orders, payments, reviews, uploads, profile) are limited per account and per client,
 * and sign-in per target e-mail, so neither many accounts on one client nor many clients on one
 * account get around them. A 429 says when to come back (Retry-After).
 */
const opened: TestContext[] = [];
afterAll(async () => {
  for (const ctx of opened) await ctx.close();
});

async function app(env: Record<string, string>) {
  const ctx = await createTestApp({ env });
  opened.push(ctx);
  return ctx;
}

const review = (ctx: TestContext, customer: SignedIn) =>
  call(ctx.app, 'POST /review', { as: customer, body: { rating: 5, review: 'Holds paint well' } });

function expectLimited(response: Answer<RouteKey>) {
  expect(response.status, response.text).toBe(429);
  expect(response.error).toMatchObject({ code: 'rate-limited' });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('limits on writes', () => {
  it('per account: the 4th write of 3 allowed is a 429 with Retry-After; another account goes on', async () => {
    const ctx = await app({ WRITE_RATE_LIMIT_MAX: '3' });
    const [ann, ben] = [await signUpCustomer(ctx.app, 'ann'), await signUpCustomer(ctx.app, 'ben')];
    for (let i = 0; i < 3; i += 1) expect((await review(ctx, ann)).status).toBe(201);
    expectLimited(await review(ctx, ann));
    // Bad input counts too: probing with invalid bodies is no way around the limit.
    const profile = await call(ctx.app, 'PUT /current-user/:email', {
      as: ann,
      params: { email: ann.email },
      unsafeBody: {},
    });
    expectLimited(profile);
    expect((await review(ctx, ben)).status).toBe(201);
  });

  it('per client: many accounts from one address share its limit', async () => {
    const ctx = await app({ WRITE_RATE_LIMIT_IP_MAX: '4' });
    const customers = [];
    for (let i = 0; i < 5; i += 1) customers.push(await signUpCustomer(ctx.app, `c${i}`));
    for (const customer of customers.slice(0, 4)) expect((await review(ctx, customer)).status).toBe(201);
    expectLimited(await review(ctx, customers[4]!));
  });

  it('counts in Redis with REDIS_URL, so two instances share one limit', async () => {
    const env = { WRITE_RATE_LIMIT_MAX: '3', REDIS_URL: 'redis://127.0.0.1:6379' };
    const first = await app(env);
    const customer = await signUpCustomer(first.app, 'shared');
    const second = await app(env);
    expect((await review(first, customer)).status).toBe(201);
    expect((await review(first, customer)).status).toBe(201);
    expect((await review(first, customer)).status).toBe(201);
    // Each test app has its own database, so the account exists only on the first: the second
    // instance reads the same counter (keyed by account id) through its own Redis connection.
    const hit = await second.app.counters.hit(`writes:user:${customer.id}`, 60_000);
    expect(hit.count).toBe(4);
  });
});

/** A profile save: a write under the general limit only. */
const saveProfile = (ctx: TestContext, customer: SignedIn) =>
  call(ctx.app, 'PUT /current-user/:email', {
    as: customer,
    params: { email: customer.email },
    body: {
      phone: '+880 1711-000000',
      address: '1 Lane',
      study: 'Fine arts',
      fb: 'https://facebook.com/me',
      insta: 'https://instagram.com/me',
      linkdin: 'https://linkedin.com/in/me',
      github: 'https://github.com/me',
    },
  });

describe('limits per kind of write (docs/behaviour.md §11.5)', () => {
  it('reviews: the sixth in ten minutes is a 429 (the default), while other writes still pass', async () => {
    // Unset (empty): the defaults, 5 reviews per 10 minutes per account.
    const ctx = await app({ REVIEW_RATE_LIMIT_MAX: '', REVIEW_RATE_LIMIT_WINDOW_MS: '' });
    const admin = await signUpAdmin(ctx.app);
    const toolId = await addTool(ctx.app, admin);
    const [ann, ben] = [await signUpCustomer(ctx.app, 'ann'), await signUpCustomer(ctx.app, 'ben')];
    for (let i = 0; i < 5; i += 1) expect((await review(ctx, ann)).status).toBe(201);
    const sixth = await review(ctx, ann);
    expectLimited(sixth);
    // The review window's, not the minute of the general write limit.
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(60);
    expect((await saveProfile(ctx, ann)).status).toBe(200);
    await placeOrder(ctx.app, ann, toolId);
    expect((await review(ctx, ben)).status).toBe(201);
  });

  it('orders: the eleventh in a minute is a 429 (the default), while a review still passes', async () => {
    const ctx = await app({ ORDER_RATE_LIMIT_MAX: '', ORDER_RATE_LIMIT_WINDOW_MS: '' });
    const admin = await signUpAdmin(ctx.app);
    const toolId = await addTool(ctx.app, admin);
    const ann = await signUpCustomer(ctx.app, 'ann');
    for (let i = 0; i < 10; i += 1) await placeOrder(ctx.app, ann, toolId);
    const eleventh = await call(ctx.app, 'POST /order', {
      as: ann,
      body: { toolsId: toolId, phoneNumber: '01711000000', address: '1 Easel Street', quantity: 10 },
    });
    expectLimited(eleventh);
    expect((await review(ctx, ann)).status).toBe(201);
  });

  it('uploads: past UPLOAD_RATE_LIMIT_MAX a 429, bad uploads counted too', async () => {
    const ctx = await app({ UPLOAD_RATE_LIMIT_MAX: '2' });
    const admin = await signUpAdmin(ctx.app);
    const upload = () => call(ctx.app, 'POST /upload', { as: admin, unsafeBody: { not: 'a file' } });
    for (let i = 0; i < 2; i += 1) expect((await upload()).status).toBe(400);
    expectLimited(await upload());
    expect((await saveProfile(ctx, admin)).status).toBe(200);
  });
});

describe('limits on sign-in', () => {
  it('per target e-mail: guesses from many clients at one account stop after the limit', async () => {
    const ctx = await app({ AUTH_EMAIL_RATE_LIMIT_MAX: '3', TRUST_PROXY: 'true' });
    const target = await signUpCustomer(ctx.app, 'target');
    const guess = (email: string, i: number) =>
      call(ctx.app, 'POST /session', {
        body: { email, password: `guess-${i}-x` },
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
    // Sign-up and sign-in share the per-e-mail count: the sign-up above was the first of 3.
    for (let i = 1; i <= 2; i += 1) expect((await guess(target.email, i)).status).toBe(401);
    expectLimited(await guess(target.email, 4));
    expectLimited(await guess(target.email.toUpperCase(), 5));
    expect((await guess('someone-else@shop.test', 6)).status).toBe(401);
  });
});
