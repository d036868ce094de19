import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, type RouteKey } from '@shop/shared/api/routes';
import { orders } from '../src/modules/ordering/orders/orders.table';
import { failedPlacedMail } from './helpers/failed-order-mail';
import { multipart } from './helpers/multipart';
import { totpCode, turnOnTwoFactor } from './helpers/two-factor';
import { clientSecretFor, GOOD_CARD } from './helpers/payments';
import {
  PASSWORD,
  addTool,
  createTestApp,
  signUpAdmin,
  signUpCustomer,
  toolInput,
  type SignedIn,
  type TestContext,
} from './helpers/test-app';

/**
 * Every API route against four callers: anonymous, a customer (who owns the data the route
 * names), another customer, and an admin. Someone else's order answers 404, as an unknown one. The rows must name every route of the shared route
 * table, so a new route cannot ship without its row.
 */
type Caller = 'anonymous' | 'owner' | 'other' | 'admin';
const callers: Caller[] = ['anonymous', 'owner', 'other', 'admin'];
/** A token that names no live session: refused on every route, public ones included. */
const DEAD_TOKEN = { authorization: 'Bearer no-such-session-token' };

interface Request {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

interface Row {
  route: RouteKey;
  expect: Record<Caller, number>;
  /** Builds a fresh request for one caller (fresh data where the call consumes it). */
  request: (caller: Caller) => Promise<Request> | Request;
}

let ctx: TestContext;
let admin: SignedIn;
let owner: SignedIn;
let other: SignedIn;
let toolId: string;
let ownersOrderId: string;
/** An account with two-factor sign-in on, and its authenticator's URI. */
let twoFactorUser: SignedIn;
let twoFactorRecoveryCodes: string[];

const signedIn = (caller: Caller): SignedIn | null =>
  caller === 'admin' ? admin : caller === 'owner' ? owner : caller === 'other' ? other : null;

async function placeOrder(customer: SignedIn): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: customer.headers,
    payload: { toolsId: toolId, phoneNumber: '01711000000', address: '1 Easel Street', quantity: 10 },
  });
  return response.json<{ insertedId: string }>().insertedId;
}

async function paidOrderOf(customer: SignedIn): Promise<string> {
  const id = await placeOrder(customer);
  await ctx.database.db
    .update(orders)
    .set({ paid: true, state: 'paid', transactionId: `pi_matrix_${randomUUID()}`, paidAt: new Date() })
    .where(eq(orders.id, id));
  return id;
}

/** A new general review by the owner. */
async function ownersReviewId(): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/review',
    headers: owner.headers,
    payload: { rating: 3, review: 'Matrix review.' },
  });
  return response.json<{ insertedId: string }>().insertedId;
}

/** A new contact message's id, as the admin's inbox lists it. */
async function contactMessageId(): Promise<string> {
  await ctx.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { firstName: 'Matrix', email: 'matrix@shop.test', message: 'Hello' },
  });
  const inbox = await ctx.app.inject({ method: 'GET', url: '/api/contact-messages', headers: admin.headers });
  return inbox.json<{ messages: { _id: string }[] }>().messages[0]!._id;
}

const everyone = (status: number) => ({ anonymous: status, owner: status, other: status, admin: status });
const signedInOnly = (status: number) => ({ anonymous: 401, owner: status, other: status, admin: status });
const adminOnly = (status: number) => ({ anonymous: 401, owner: 403, other: 403, admin: status });

const rows: Row[] = [
  { route: 'GET /health', expect: everyone(200), request: () => ({ url: '/api/health' }) },
  {
    route: 'POST /account',
    expect: everyone(201),
    request: () => ({
      url: '/api/account',
      payload: { name: 'New Person', email: `new-${randomUUID()}@shop.test`, password: PASSWORD },
    }),
  },
  {
    route: 'POST /session',
    expect: everyone(200),
    request: () => ({ url: '/api/session', payload: { email: owner.email, password: PASSWORD } }),
  },
  { route: 'GET /session', expect: signedInOnly(200), request: () => ({ url: '/api/session' }) },
  {
    route: 'POST /password-reset',
    expect: everyone(200),
    request: () => ({ url: '/api/password-reset', payload: { email: owner.email } }),
  },
  {
    // A made-up token: the route is public, and refuses it the same for everyone.
    route: 'POST /password-reset/complete',
    expect: everyone(400),
    request: () => ({
      url: '/api/password-reset/complete',
      payload: { token: 'made-up', password: 'fresh-paint-42' },
    }),
  },
  {
    route: 'POST /email-verification',
    // The admin verified its address to become one (docs/behaviour.md §4.1): 409 past the rule.
    expect: { ...signedInOnly(200), admin: 409 },
    request: () => ({ url: '/api/email-verification' }),
  },
  {
    route: 'POST /email-verification/complete',
    expect: everyone(400),
    request: () => ({ url: '/api/email-verification/complete', payload: { token: 'made-up' } }),
  },
  { route: 'GET /tool', expect: everyone(200), request: () => ({ url: '/api/tool' }) },
  { route: 'GET /tool/:id', expect: everyone(200), request: () => ({ url: `/api/tool/${toolId}` }) },
  { route: 'GET /order-rules', expect: everyone(200), request: () => ({ url: '/api/order-rules' }) },
  {
    route: 'POST /tool',
    expect: adminOnly(201),
    request: () => ({ url: '/api/tool', payload: toolInput() }),
  },
  {
    route: 'DELETE /delete-tool/:id',
    expect: adminOnly(200),
    request: async () => ({ url: `/api/delete-tool/${await addTool(ctx.app, admin)}` }),
  },
  {
    route: 'PATCH /tool/:id',
    expect: adminOnly(200),
    request: () => ({ url: `/api/tool/${toolId}`, payload: { description: 'Edited by the matrix.' } }),
  },
  {
    route: 'POST /tool/:id/restock',
    expect: adminOnly(201),
    request: () => ({ url: `/api/tool/${toolId}/restock`, payload: { quantity: 5 } }),
  },
  {
    route: 'POST /tool/:id/stock-adjustment',
    expect: adminOnly(201),
    request: () => ({
      url: `/api/tool/${toolId}/stock-adjustment`,
      payload: { delta: 1, reason: 'Matrix count' },
    }),
  },
  {
    route: 'GET /tool/:id/stock-movements',
    expect: adminOnly(200),
    request: () => ({ url: `/api/tool/${toolId}/stock-movements` }),
  },
  { route: 'GET /archived-tool', expect: adminOnly(200), request: () => ({ url: '/api/archived-tool' }) },
  {
    // A fresh tool that an order names, then deleted: archived, so there is one to restore.
    route: 'POST /archived-tool/:id/restore',
    expect: adminOnly(200),
    request: async () => {
      const archivedId = await addTool(ctx.app, admin);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: owner.headers,
        payload: { toolsId: archivedId, phoneNumber: '01711000000', address: '1 Easel Street', quantity: 10 },
      });
      await ctx.app.inject({
        method: 'DELETE',
        url: `/api/delete-tool/${archivedId}`,
        headers: admin.headers,
      });
      return { url: `/api/archived-tool/${archivedId}/restore` };
    },
  },
  {
    route: 'PUT /user/:email',
    expect: { anonymous: 401, owner: 200, other: 403, admin: 403 },
    request: () => ({ url: `/api/user/${owner.email}`, payload: { email: owner.email } }),
  },
  {
    route: 'GET /admin/:email',
    expect: { anonymous: 401, owner: 200, other: 403, admin: 200 },
    request: () => ({ url: `/api/admin/${owner.email}` }),
  },
  { route: 'GET /user', expect: adminOnly(200), request: () => ({ url: '/api/user' }) },
  {
    route: 'PUT /user/admin/:email',
    expect: adminOnly(200),
    request: async () => ({ url: `/api/user/admin/${(await signUpCustomer(ctx.app, 'promote')).email}` }),
  },
  {
    route: 'GET /current-user',
    expect: { anonymous: 401, owner: 200, other: 403, admin: 200 },
    request: () => ({ url: `/api/current-user?email=${owner.email}` }),
  },
  {
    route: 'PUT /current-user/:email',
    expect: { anonymous: 401, owner: 200, other: 403, admin: 403 },
    request: () => ({
      url: `/api/current-user/${owner.email}`,
      payload: {
        phone: '01711000000',
        address: '1 Easel Street',
        study: 'Fine Arts',
        fb: 'https://facebook.com/owner',
        insta: 'https://instagram.com/owner',
        linkdin: 'https://linkedin.com/in/owner',
        github: 'https://github.com/owner',
      },
    }),
  },
  { route: 'GET /review', expect: everyone(200), request: () => ({ url: '/api/review' }) },
  {
    route: 'POST /review',
    expect: signedInOnly(201),
    request: () => ({ url: '/api/review', payload: { rating: 5, review: 'Sturdy and even.' } }),
  },
  { route: 'GET /my-reviews', expect: signedInOnly(200), request: () => ({ url: '/api/my-reviews' }) },
  {
    // Only the author edits or deletes a review; another's answers 404, as an unknown one.
    route: 'PATCH /review/:id',
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
    request: async () => ({
      url: `/api/review/${await ownersReviewId()}`,
      payload: { rating: 4, review: 'Edited.' },
    }),
  },
  {
    route: 'DELETE /review/:id',
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
    request: async () => ({ url: `/api/review/${await ownersReviewId()}` }),
  },
  {
    route: 'GET /moderation/reviews',
    expect: adminOnly(200),
    request: () => ({ url: '/api/moderation/reviews' }),
  },
  {
    route: 'PATCH /moderation/reviews/:id',
    expect: adminOnly(200),
    request: async () => ({
      url: `/api/moderation/reviews/${await ownersReviewId()}`,
      payload: { hidden: true, reason: 'Abusive language' },
    }),
  },
  {
    route: 'POST /upload',
    expect: adminOnly(201),
    request: async () => {
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#36c' } })
        .png()
        .toBuffer();
      const { contentType, payload } = await multipart([
        { field: 'image', bytes: png, filename: 'tool.png', type: 'image/png' },
      ]);
      return { url: '/api/upload', payload, headers: { 'content-type': contentType } };
    },
  },
  {
    route: 'POST /order',
    expect: signedInOnly(201),
    request: () => ({
      url: '/api/order',
      payload: { toolsId: toolId, phoneNumber: '01711000000', address: '1 Easel Street', quantity: 10 },
    }),
  },
  {
    route: 'GET /my-order',
    expect: signedInOnly(200),
    request: () => ({ url: '/api/my-order' }),
  },
  {
    route: 'GET /order/:id',
    expect: { anonymous: 401, owner: 200, other: 404, admin: 200 },
    request: () => ({ url: `/api/order/${ownersOrderId}` }),
  },
  {
    route: 'DELETE /order/:id',
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
    request: async () => ({ url: `/api/order/${await placeOrder(owner)}` }),
  },
  { route: 'GET /order', expect: adminOnly(200), request: () => ({ url: '/api/order' }) },
  {
    route: 'GET /order/:id/receipt',
    expect: { anonymous: 401, owner: 200, other: 404, admin: 200 },
    request: async () => ({ url: `/api/order/${await paidOrderOf(owner)}/receipt` }),
  },
  { route: 'GET /order-export', expect: adminOnly(200), request: () => ({ url: '/api/order-export' }) },
  {
    route: 'GET /order/:id/timeline',
    expect: { anonymous: 401, owner: 200, other: 404, admin: 200 },
    request: () => ({ url: `/api/order/${ownersOrderId}/timeline` }),
  },
  {
    route: 'POST /order/:id/cancel',
    expect: adminOnly(200),
    request: async () => ({ url: `/api/order/${await placeOrder(owner)}/cancel` }),
  },
  {
    route: 'PATCH /shipping-order/:id',
    expect: adminOnly(200),
    request: async () => ({ url: `/api/shipping-order/${await paidOrderOf(owner)}` }),
  },
  {
    route: 'GET /auth/providers',
    expect: everyone(200),
    request: () => ({ url: '/api/auth/providers' }),
  },
  // Social sign-in is not configured here (oidc.test.ts runs it against a real provider).
  {
    route: 'GET /auth/social/start',
    expect: everyone(404),
    request: () => ({ url: '/api/auth/social/start' }),
  },
  {
    route: 'GET /auth/callback/oidc',
    expect: everyone(404),
    request: () => ({ url: '/api/auth/callback/oidc?code=c&state=s' }),
  },
  {
    // Only the social sign-in's session cookie counts: a bearer token gets nothing here.
    route: 'POST /session/exchange',
    expect: everyone(401),
    request: () => ({ url: '/api/session/exchange', headers: { origin: 'http://localhost:3000' } }),
  },
  {
    route: 'GET /payments/config',
    expect: everyone(200),
    request: () => ({ url: '/api/payments/config' }),
  },
  {
    route: 'POST /create-payment-intent',
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
    request: async () => ({
      url: '/api/create-payment-intent',
      payload: { orderId: await placeOrder(owner) },
    }),
  },
  {
    route: 'POST /payments/demo/confirm',
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
    request: async () => ({
      url: '/api/payments/demo/confirm',
      payload: {
        clientSecret: await clientSecretFor(ctx.app, owner, await placeOrder(owner)),
        card: GOOD_CARD,
      },
    }),
  },
  {
    route: 'PATCH /order/:id',
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
    request: async () => {
      const orderId = await placeOrder(owner);
      const clientSecret = await clientSecretFor(ctx.app, owner, orderId);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/payments/demo/confirm',
        headers: owner.headers,
        payload: { clientSecret, card: GOOD_CARD },
      });
      return {
        url: `/api/order/${orderId}`,
        payload: { tools: orderId, transactionId: clientSecret.split('_secret_')[0] },
      };
    },
  },
  {
    route: 'POST /session/two-factor',
    expect: everyone(200),
    request: async () => {
      const signIn = await ctx.app.inject({
        method: 'POST',
        url: '/api/session',
        payload: { email: twoFactorUser.email, password: PASSWORD },
      });
      const { challenge } = signIn.json<{ challenge: string }>();
      // A recovery code per caller: a TOTP code is good once (docs/behaviour.md §4.13).
      return { url: '/api/session/two-factor', payload: { challenge, code: twoFactorRecoveryCodes.pop() } };
    },
  },
  {
    // The same password again: allowed, and no one's session ends.
    route: 'POST /account/password',
    expect: signedInOnly(200),
    request: () => ({
      url: '/api/account/password',
      payload: { currentPassword: PASSWORD, newPassword: PASSWORD, signOutOtherDevices: false },
    }),
  },
  {
    route: 'GET /account/sessions',
    expect: signedInOnly(200),
    request: () => ({ url: '/api/account/sessions' }),
  },
  {
    route: 'DELETE /account/sessions/:id',
    expect: { anonymous: 401, owner: 200, other: 404, admin: 404 },
    request: async () => {
      const signIn = await ctx.app.inject({
        method: 'POST',
        url: '/api/session',
        payload: { email: owner.email, password: PASSWORD },
      });
      const token = signIn.json<{ token: string }>().token;
      const list = await ctx.app.inject({
        method: 'GET',
        url: '/api/account/sessions',
        headers: { authorization: `Bearer ${token}` },
      });
      const device = list
        .json<{ sessions: { id: string; isCurrent: boolean }[] }>()
        .sessions.find((s) => s.isCurrent);
      return { url: `/api/account/sessions/${device!.id}` };
    },
  },
  {
    // Every other session of the caller; the callers' own tokens stay.
    route: 'DELETE /account/sessions',
    expect: signedInOnly(200),
    request: () => ({ url: '/api/account/sessions' }),
  },
  {
    route: 'GET /account/two-factor',
    expect: signedInOnly(200),
    request: () => ({ url: '/api/account/two-factor' }),
  },
  {
    route: 'POST /account/two-factor',
    expect: signedInOnly(200),
    request: () => ({ url: '/api/account/two-factor', payload: { password: PASSWORD } }),
  },
  {
    // A wrong code (400) shows the caller got past the access rule; a right one would replace
    // the caller's session, which the rows after this one still use.
    route: 'POST /account/two-factor/confirm',
    expect: signedInOnly(400),
    request: async (caller) => {
      const account = signedIn(caller);
      if (!account) return { url: '/api/account/two-factor/confirm', payload: { code: '000000' } };
      const setup = await ctx.app.inject({
        method: 'POST',
        url: '/api/account/two-factor',
        headers: account.headers,
        payload: { password: PASSWORD },
      });
      const right = totpCode(setup.json<{ totpUri: string }>().totpUri);
      return {
        url: '/api/account/two-factor/confirm',
        payload: { code: right === '000000' ? '111111' : '000000' },
      };
    },
  },
  {
    // None of the callers has two-factor sign-in on: 409 past the access rule.
    route: 'POST /account/two-factor/disable',
    expect: signedInOnly(409),
    request: () => ({ url: '/api/account/two-factor/disable', payload: { password: PASSWORD } }),
  },
  {
    route: 'POST /contact',
    expect: everyone(201),
    request: () => ({
      url: '/api/contact',
      payload: { firstName: 'Matrix', email: 'matrix@shop.test', message: 'Hello' },
    }),
  },
  {
    route: 'GET /contact-messages',
    expect: adminOnly(200),
    request: () => ({ url: '/api/contact-messages?state=unread' }),
  },
  {
    route: 'GET /contact-messages/:id',
    expect: adminOnly(200),
    request: async () => ({ url: `/api/contact-messages/${await contactMessageId()}` }),
  },
  {
    route: 'PATCH /contact-messages/:id',
    expect: adminOnly(200),
    request: async () => ({
      url: `/api/contact-messages/${await contactMessageId()}`,
      payload: { state: 'archived' },
    }),
  },
  {
    route: 'GET /audit-events',
    expect: adminOnly(200),
    request: () => ({ url: '/api/audit-events?kind=tool.create' }),
  },
  {
    route: 'GET /shop-metrics',
    expect: adminOnly(200),
    request: () => ({ url: '/api/shop-metrics?days=30' }),
  },
  {
    route: 'GET /order-mail/failed',
    expect: adminOnly(200),
    request: () => ({ url: '/api/order-mail/failed' }),
  },
  {
    route: 'POST /order-mail/:id/retry',
    expect: adminOnly(200),
    // Only the admin's call needs a failed e-mail; the others are refused before any lookup.
    request: async (caller) => ({
      url:
        caller === 'admin'
          ? `/api/order-mail/${await failedPlacedMail(ctx.database.db, await placeOrder(other))}/retry`
          : '/api/order-mail/1/retry',
    }),
  },
  // Sign-out last: it ends the callers' sessions.
  { route: 'DELETE /session', expect: signedInOnly(200), request: () => ({ url: '/api/session' }) },
];

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUpAdmin(ctx.app);
  owner = await signUpCustomer(ctx.app, 'owner');
  other = await signUpCustomer(ctx.app, 'other');
  toolId = await addTool(ctx.app, admin, { availableQuantity: 100_000 });
  ownersOrderId = await placeOrder(owner);
  twoFactorUser = await signUpCustomer(ctx.app, 'second-factor');
  twoFactorRecoveryCodes = (await turnOnTwoFactor(ctx.app, twoFactorUser)).recoveryCodes;
});
afterAll(() => ctx.close());

describe('access matrix', () => {
  // The Stripe webhook exists only with PAYMENTS=stripe (payments-webhook.test.ts calls it).
  const registeredHere = (Object.keys(apiRoutes) as RouteKey[]).filter(
    (key) => key !== 'POST /stripe/webhook',
  );

  it('has a row for every route of the shared table', () => {
    expect(rows.map((row) => row.route).sort()).toEqual([...registeredHere].sort());
  });

  it('serves and documents exactly the routes of the table', () => {
    const documented = Object.entries(ctx.app.swagger().paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item ?? {}).map(
        (method) => `${method.toUpperCase()} ${path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1')}`,
      ),
    );
    expect(documented.sort()).toEqual([...registeredHere].sort());
  });

  for (const row of rows) {
    it(`${row.route}: ${callers.map((caller) => `${caller} ${row.expect[caller]}`).join(', ')}, bad token 401`, async () => {
      const [method] = row.route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'];
      const send = async (caller: Caller, headers: Record<string, string>) => {
        const request = await row.request(caller);
        return ctx.app.inject({
          method,
          url: request.url,
          payload: request.payload as string | object | Buffer | undefined,
          headers: { ...headers, ...(request.headers ?? {}) },
        });
      };
      // Only a public read may be kept by a browser or a proxy: every other answer is someone's.
      const isPublicRead = apiRoutes[row.route].access === 'public' && method === 'GET';
      for (const caller of callers) {
        const response = await send(caller, signedIn(caller)?.headers ?? {});
        expect(response.statusCode, `${caller}: ${response.body}`).toBe(row.expect[caller]);
        if (isPublicRead) expect(response.headers['cache-control'], caller).not.toBe('no-store');
        else expect(response.headers['cache-control'], caller).toBe('no-store');
      }
      const dead = await send('owner', DEAD_TOKEN);
      expect(dead.statusCode, `bad token: ${dead.body}`).toBe(401);
    });
  }
});
