import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteKey } from '@shop/shared/api/routes';
import { CONTROL_CHARACTERS_MESSAGE, CONTROL_CHARACTERS_MULTILINE_MESSAGE } from '@shop/shared/fields';
import { isUnstorableText } from '../src/lib/database-errors';
import { call, callAnyRoute, type AnyRouteOptions } from './helpers/call';
import {
  addTool,
  createTestApp,
  PASSWORD,
  signUpAdmin,
  signUpCustomer,
  toolInput,
  type SignedIn,
  type TestContext,
} from './helpers/test-app';

/**
 * A NUL byte passed validation and then PostgreSQL refused it: a 500. Control characters are now
 * refused by the field schemas with a 400 that names the field (docs/behaviour.md §12.6).
 */
let ctx: TestContext;
let admin: SignedIn;
let customer: SignedIn;
let toolId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await signUpAdmin(ctx.app);
  customer = await signUpCustomer(ctx.app, 'nul');
  toolId = await addTool(ctx.app, admin);
});
afterAll(() => ctx.close());

const orderBody = () => ({
  toolsId: toolId,
  phoneNumber: '+880 1711-000000',
  address: '1 Lane',
  quantity: 10,
});
const profileBody = {
  phone: '+880 1711-000000',
  address: '1 Lane',
  study: 'Fine arts',
  fb: 'https://facebook.com/me',
  insta: 'https://instagram.com/me',
  linkdin: 'https://linkedin.com/in/me',
  github: 'https://github.com/me',
};

/** A route taking text, the params of its path, a good body, and who sends it. */
type Case = [
  route: RouteKey,
  params: () => Record<string, string>,
  body: () => Record<string, unknown>,
  as: () => SignedIn | null,
];
const fieldsOf: Case[] = [
  ['POST /tool', () => ({}), () => toolInput(), () => admin],
  ['POST /order', () => ({}), orderBody, () => customer],
  ['POST /review', () => ({}), () => ({ rating: 5, review: 'Lovely', address: 'Title' }), () => customer],
  ['PUT /current-user/:email', () => ({ email: customer.email }), () => profileBody, () => customer],
  [
    'POST /account',
    () => ({}),
    () => ({ name: 'Nul Person', email: 'nul@shop.test', password: PASSWORD }),
    () => null,
  ],
];

const multiLine = new Set(['description', 'review', 'address']);

describe.each(fieldsOf)('%s', (route, params, body, as) => {
  // Bad input: a body with a control character in one field, whatever the route.
  const send = (payload: Record<string, unknown>) =>
    callAnyRoute(ctx.app, route, { as: as(), params: params(), body: payload });

  it('refuses a NUL byte or another control character in every text field with a 400 naming it', async () => {
    const fields = Object.entries(body()).filter(
      ([field, value]) => typeof value === 'string' && field !== 'password',
    );
    for (const [field, value] of fields) {
      for (const bad of ['\u0000', '\u0007', '\u001b[31m', '\u007f']) {
        const response = await send({ ...body(), [field]: `${String(value).slice(0, 3)}${bad}x` });
        expect(response.status, `${field} with ${JSON.stringify(bad)}: ${response.text}`).toBe(400);
        const { issues } = response.error;
        expect(issues?.map((issue) => issue.field)).toContain(field);
      }
    }
  });

  it('refuses a line break in a one-line field, and keeps it in a multi-line one', async () => {
    for (const [field, value] of Object.entries(body())) {
      if (typeof value !== 'string' || field === 'password' || multiLine.has(field)) continue;
      const response = await send({ ...body(), [field]: `${value.slice(0, 3)}\nx` });
      expect(response.status, `${field}: ${response.text}`).toBe(400);
    }
  });
});

describe('messages and multi-line fields', () => {
  it('says what is wrong, and keeps line breaks and tabs in a description', async () => {
    const bad = await call(ctx.app, 'POST /tool', {
      as: admin,
      body: toolInput({ name: 'Brush\u0000', description: 'Line\u0000' }),
    });
    expect(bad.error).toMatchObject({
      issues: [
        { field: 'name', message: CONTROL_CHARACTERS_MESSAGE },
        { field: 'description', message: CONTROL_CHARACTERS_MULTILINE_MESSAGE },
      ],
    });
    const good = await call(ctx.app, 'POST /tool', {
      as: admin,
      body: toolInput({ description: 'First line\r\n\tSecond line' }),
    });
    expect(good.status, good.text).toBe(201);
    const { insertedId } = good.body;
    const tool = await call(ctx.app, 'GET /tool/:id', { params: { id: insertedId } });
    expect(tool.body).toMatchObject({ description: 'First line\r\n\tSecond line' });
  });

  it('a NUL in a password is only hashed, never a 500', async () => {
    const response = await call(ctx.app, 'POST /session', {
      body: { email: customer.email, password: 'pass\u0000word' },
    });
    expect(response.status).toBe(401);
  });
});

describe('ids, e-mails in paths and queries', () => {
  const nul = '\u0000';
  it.each<[RouteKey, AnyRouteOptions]>([
    ['GET /tool/:id', { params: { id: nul } }],
    ['GET /tool/:id', { params: { id: `abc${nul}def` } }],
    ['DELETE /delete-tool/:id', { params: { id: nul } }],
    ['GET /order/:id', { params: { id: nul } }],
    ['DELETE /order/:id', { params: { id: nul } }],
    ['PATCH /shipping-order/:id', { params: { id: nul } }],
    ['GET /admin/:email', { params: { email: `a${nul}b@shop.test` } }],
    ['PUT /user/:email', { params: { email: `a${nul}b@shop.test` } }],
    ['PUT /user/admin/:email', { params: { email: `a${nul}b@shop.test` } }],
    ['GET /my-order', { query: { email: `a${nul}b@shop.test` } }],
    ['GET /current-user', { query: { email: `a${nul}b@shop.test` } }],
    ['GET /auth/social/start', { query: { returnTo: `/a${nul}` } }],
  ])('%s %j answers 400 or 404, never 500', async (route, options) => {
    // A NUL byte (sent as %00) in a path or a query: bad input, whatever the route.
    const response = await callAnyRoute(ctx.app, route, { ...options, as: admin });
    expect([400, 404], `${response.status} ${response.text}`).toContain(response.status);
  });

  it('a NUL in a body id (order, payment intent, mark paid) is a 4xx', async () => {
    const as = customer;
    const answers = [
      await call(ctx.app, 'POST /order', { as, unsafeBody: { ...orderBody(), toolsId: `x\u0000` } }),
      await call(ctx.app, 'POST /create-payment-intent', { as, unsafeBody: { orderId: `x\u0000` } }),
      await call(ctx.app, 'PATCH /order/:id', {
        as,
        params: { id: toolId },
        unsafeBody: { tools: `x\u0000`, transactionId: `pi\u0000` },
      }),
      await call(ctx.app, 'POST /payments/demo/confirm', {
        as,
        unsafeBody: {
          clientSecret: `x\u0000`,
          card: { number: '4242\u0000', expMonth: 1, expYear: 2040, cvc: '1\u00002' },
        },
      }),
    ];
    for (const response of answers) {
      expect(response.status, `${response.request.url}: ${response.text}`).toBe(400);
    }
  });
});

describe('the net behind the schemas', () => {
  it('recognises the error the database gives for a NUL byte, so it answers 400, not 500', async () => {
    const failure = await ctx.database.db.execute(sql`select ${'a\u0000b'}::text`).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).not.toBeNull();
    expect(isUnstorableText(failure)).toBe(true);
    expect(isUnstorableText(new Error('other'))).toBe(false);
  });
});
