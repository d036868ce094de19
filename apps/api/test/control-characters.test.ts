import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE, CONTROL_CHARACTERS_MULTILINE_MESSAGE } from '@shop/shared/fields';
import { isUnstorableText } from '../src/lib/database-errors';
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

type Case = [
  route: string,
  method: 'POST' | 'PUT',
  url: () => string,
  body: () => Record<string, unknown>,
  as: () => SignedIn | null,
];
const fieldsOf: Case[] = [
  ['POST /tool', 'POST', () => '/api/tool', () => toolInput(), () => admin],
  ['POST /order', 'POST', () => '/api/order', orderBody, () => customer],
  [
    'POST /review',
    'POST',
    () => '/api/review',
    () => ({ rating: 5, review: 'Lovely', address: 'Title' }),
    () => customer,
  ],
  [
    'PUT /current-user/:email',
    'PUT',
    () => `/api/current-user/${customer.email}`,
    () => profileBody,
    () => customer,
  ],
  [
    'POST /account',
    'POST',
    () => '/api/account',
    () => ({ name: 'Nul Person', email: 'nul@shop.test', password: PASSWORD }),
    () => null,
  ],
];

const multiLine = new Set(['description', 'review', 'address']);

describe.each(fieldsOf)('%s', (_route, method, url, body, as) => {
  const send = (payload: Record<string, unknown>) =>
    ctx.app.inject({ method, url: url(), headers: as()?.headers ?? {}, payload });

  it('refuses a NUL byte or another control character in every text field with a 400 naming it', async () => {
    const fields = Object.entries(body()).filter(
      ([field, value]) => typeof value === 'string' && field !== 'password',
    );
    for (const [field, value] of fields) {
      for (const bad of ['\u0000', '\u0007', '\u001b[31m', '\u007f']) {
        const response = await send({ ...body(), [field]: `${String(value).slice(0, 3)}${bad}x` });
        expect(response.statusCode, `${field} with ${JSON.stringify(bad)}: ${response.body}`).toBe(400);
        const { issues } = response.json<{ issues?: { field: string; message: string }[] }>();
        expect(issues?.map((issue) => issue.field)).toContain(field);
      }
    }
  });

  it('refuses a line break in a one-line field, and keeps it in a multi-line one', async () => {
    for (const [field, value] of Object.entries(body())) {
      if (typeof value !== 'string' || field === 'password' || multiLine.has(field)) continue;
      const response = await send({ ...body(), [field]: `${value.slice(0, 3)}\nx` });
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
    }
  });
});

describe('messages and multi-line fields', () => {
  it('says what is wrong, and keeps line breaks and tabs in a description', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/tool',
      headers: admin.headers,
      payload: toolInput({ name: 'Brush\u0000', description: 'Line\u0000' }),
    });
    expect(bad.json()).toMatchObject({
      issues: [
        { field: 'name', message: CONTROL_CHARACTERS_MESSAGE },
        { field: 'description', message: CONTROL_CHARACTERS_MULTILINE_MESSAGE },
      ],
    });
    const good = await ctx.app.inject({
      method: 'POST',
      url: '/api/tool',
      headers: admin.headers,
      payload: toolInput({ description: 'First line\r\n\tSecond line' }),
    });
    expect(good.statusCode, good.body).toBe(201);
    const { insertedId } = good.json<{ insertedId: string }>();
    const tool = await ctx.app.inject({ method: 'GET', url: `/api/tool/${insertedId}` });
    expect(tool.json()).toMatchObject({ description: 'First line\r\n\tSecond line' });
  });

  it('a NUL in a password is only hashed, never a 500', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: customer.email, password: 'pass\u0000word' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('ids, e-mails in paths and queries', () => {
  const nul = '%00';
  it.each([
    ['GET', `/api/tool/${nul}`],
    ['GET', `/api/tool/abc${nul}def`],
    ['DELETE', `/api/delete-tool/${nul}`],
    ['GET', `/api/order/${nul}`],
    ['DELETE', `/api/order/${nul}`],
    ['PATCH', `/api/shipping-order/${nul}`],
    ['GET', `/api/admin/a${nul}b@shop.test`],
    ['PUT', `/api/user/a${nul}b@shop.test`],
    ['PUT', `/api/user/admin/a${nul}b@shop.test`],
    ['GET', `/api/my-order?email=a${nul}b@shop.test`],
    ['GET', `/api/current-user?email=a${nul}b@shop.test`],
    ['GET', `/api/auth/social/start?returnTo=/a${nul}`],
  ] as const)('%s %s answers 400 or 404, never 500', async (method, url) => {
    const response = await ctx.app.inject({ method, url, headers: admin.headers });
    expect([400, 404], `${response.statusCode} ${response.body}`).toContain(response.statusCode);
  });

  it('a NUL in a body id (order, payment intent, mark paid) is a 4xx', async () => {
    const calls = [
      ['POST', '/api/order', { ...orderBody(), toolsId: `x\u0000` }],
      ['POST', '/api/create-payment-intent', { orderId: `x\u0000` }],
      ['PATCH', `/api/order/${toolId}`, { tools: `x\u0000`, transactionId: `pi\u0000` }],
      [
        'POST',
        '/api/payments/demo/confirm',
        {
          clientSecret: `x\u0000`,
          card: { number: '4242\u0000', expMonth: 1, expYear: 2040, cvc: '1\u00002' },
        },
      ],
    ] as const;
    for (const [method, url, payload] of calls) {
      const response = await ctx.app.inject({ method, url, headers: customer.headers, payload });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
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
