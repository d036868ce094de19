import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { rowsOf } from '../src/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/call';
import { storedState } from './helpers/stored-state';
import {
  addTool,
  createTestApp,
  signUpAdmin,
  signUpCustomer,
  type SignedIn,
  type TestContext,
} from './helpers/test-app';

/**
 * Strict input (docs/behaviour.md §12.6), checked by generated requests: every route of the
 * OpenAPI document gets malformed requests (wrong types, missing and unknown fields, huge and
 * control-character strings, bad JSON, wrong content types, unknown ids) from a visitor, a
 * customer and an admin. None may answer 5xx, and none may change stored data. Each request is
 * malformed on purpose (ids never name a real row, bodies always break a rule), so any change
 * to the data is a bug, not a lucky valid request.
 */
const RUNS_PER_ROUTE = Number(process.env.GENERATED_RUNS ?? 30);

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  maxLength?: number;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  body?: JsonSchema;
  signedIn: boolean;
}

let ctx: TestContext;
let admin: SignedIn;
let customer: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '100000' } });
  admin = await signUpAdmin(ctx.app);
  customer = await signUpCustomer(ctx.app, 'fuzz');
  const toolId = await addTool(ctx.app, admin);
  const placed = await call(ctx.app, 'POST /order', {
    as: customer,
    body: { toolsId: toolId, phoneNumber: '01711000000', address: '1 Easel Street', quantity: 10 },
  });
  expect(placed.status).toBe(201);
  await call(ctx.app, 'POST /review', { as: customer, body: { rating: 4, review: 'Good brush' } });
});
afterAll(() => ctx.close());

async function pendingOrderMail(): Promise<number> {
  const result = await ctx.database.db.execute(
    sql`SELECT count(*)::int AS pending FROM order_mail_outbox WHERE status = 'pending'`,
  );
  return rowsOf<{ pending: number }>(result)[0]!.pending;
}

function operations(): Operation[] {
  const doc = ctx.app.swagger() as unknown as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  return Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, op]) => {
      const parameters = (op.parameters ?? []) as { in: string; name: string }[];
      const content = (op.requestBody as { content?: Record<string, { schema?: JsonSchema }> })?.content;
      return {
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        body: content?.['application/json']?.schema,
        signedIn: Array.isArray(op.security) && op.security.length > 0,
      };
    }),
  );
}

const controlString = fc
  .array(fc.constantFrom('\u0000', '\u0001', '\u001b', '\u007f', 'a', 'é', '\u{1F58C}'), {
    minLength: 1,
    maxLength: 12,
  })
  .map((chars) => chars.join('') + '\u0000');
const hugeString = fc.integer({ min: 2_000, max: 20_000 }).map((n) => 'x'.repeat(n));
const anyValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);
/** Ids and e-mails in paths: never one of the real rows. */
const badId = fc.oneof(
  fc.uuid(),
  fc.string({ minLength: 1, maxLength: 40 }),
  controlString,
  hugeString.map((s) => s.slice(0, 3000)),
  fc.constantFrom('..', '%', '%00', '-1', '0', 'null', "' OR 1=1 --", 'a@b.c', '%E0%A4%A'),
);

/** An object of `count` fields no schema knows. */
const manyKeys = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i]));
/** `depth` objects, each inside the one before. */
const nested = (depth: number) => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
};
/** Thousands of unknown fields, or nesting far deeper than any form (docs/behaviour.md §9.3). */
const absurdShape = fc.oneof(
  fc.integer({ min: 90, max: 12_000 }).map(manyKeys),
  fc.integer({ min: 8, max: 3_000 }).map(nested),
);

/** A value of roughly the schema's shape (the starting point the mutations break). */
function shaped(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return anyValue;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const inner = schema.anyOf?.[0] ?? schema.allOf?.[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : (schema.type ?? inner?.type);
  switch (type) {
    case 'string':
      return fc.string({ maxLength: 20 });
    case 'integer':
      return fc.integer({ min: -5, max: 2_000_000 });
    case 'number':
      return fc.double({ noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(shaped(schema.items), { maxLength: 2 });
    case 'object': {
      const properties = schema.properties ?? {};
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, shaped(value)])),
      );
    }
    default:
      return anyValue;
  }
}

/** Breaks an object body in one of the ways a strict schema must refuse. */
function malformedJson(schema: JsonSchema): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema.properties ?? {});
  const required = schema.required ?? [];
  const base = shaped(schema) as fc.Arbitrary<Record<string, unknown>>;
  const mutations: fc.Arbitrary<unknown>[] = [
    // An unknown field (every body is a strict object).
    fc
      .tuple(base, fc.constantFrom('paid', 'role', '_id', 'ship', '__proto__x', 'extra'))
      .map(([body, key]) => ({
        ...body,
        [key]: true,
      })),
    absurdShape,
    fc.tuple(base, absurdShape).map(([body, value]) => ({ ...body, ...(keys[0] && { [keys[0]]: value }) })),
    // Not an object at all.
    anyValue.filter((value) => typeof value !== 'object' || value === null || Array.isArray(value)),
  ];
  if (required.length > 0) {
    mutations.push(
      fc.tuple(base, fc.constantFrom(...required)).map(([body, key]) => {
        const copy = { ...body };
        delete copy[key];
        return copy;
      }),
    );
  }
  if (keys.length > 0) {
    // A required field of the wrong type, or too long, or with control characters.
    const field = fc.constantFrom(...(required.length > 0 ? required : keys));
    const wrongType = fc.oneof(
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 2 }),
      fc.constant({ a: 1 }),
    );
    mutations.push(
      // For a number field a string is the wrong type, which breaks it all the same.
      fc
        .tuple(base, field, fc.oneof(wrongType, hugeString, controlString))
        .map(([body, key, value]) => ({ ...body, [key]: value })),
    );
  }
  return fc.oneof(...mutations);
}

interface Generated {
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

const contentTypes = fc.constantFrom(
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=zzz',
  'application/xml',
  '',
);

function request(op: Operation): fc.Arbitrary<Generated> {
  const path = fc
    .tuple(...op.pathParams.map(() => badId))
    .map((values) =>
      op.pathParams.reduce(
        (url, name, i) => url.replace(`{${name}}`, encodeURIComponent(String(values[i]))),
        op.path,
      ),
    );
  const manyQueryKeys = fc
    .integer({ min: 90, max: 1_500 })
    .map((count) => Array.from({ length: count }, (_, i) => `k${i}=${i}`).join('&'));
  const fewQueryKeys = fc
    .dictionary(
      fc.oneof(fc.constantFrom(...op.queryParams, 'extra', 'email', 'paid'), fc.string({ maxLength: 8 })),
      fc.oneof(
        fc.string({ maxLength: 20 }),
        controlString,
        hugeString.map((s) => s.slice(0, 4000)),
      ),
      { maxKeys: 3 },
    )
    .map((entries) => new URLSearchParams(entries).toString());
  const query = fc.oneof({ arbitrary: fewQueryKeys, weight: 4 }, { arbitrary: manyQueryKeys, weight: 1 });
  const token = fc.constantFrom<'none' | 'customer' | 'admin' | 'forged'>(
    'none',
    'customer',
    'admin',
    'forged',
  );
  const jsonBody = op.body
    ? malformedJson(op.body).map((value) => ({
        type: 'application/json',
        payload: JSON.stringify(value) ?? 'null',
      }))
    : fc.constant(undefined);
  const rawBody = fc.record({
    type: contentTypes,
    payload: fc.oneof(
      fc.constantFrom('{', '{"a":', 'null', '[]', '{"__proto__":{"admin":true}}', '\u0000', '--zzz\r\n'),
      fc.string({ maxLength: 50 }),
      hugeString,
    ),
  });
  const body =
    op.method === 'GET' ? fc.constant(undefined) : fc.oneof(jsonBody, rawBody, fc.constant(undefined));
  return fc
    .record({ path, query, token, body })
    .map(({ path: url, query: search, token: who, body: sent }) => {
      const headers: Record<string, string> = {};
      if (who === 'customer') headers.authorization = customer.headers.authorization;
      if (who === 'admin') headers.authorization = admin.headers.authorization;
      if (who === 'forged') headers.authorization = 'Bearer forged.token.value';
      if (sent?.type) headers['content-type'] = sent.type;
      return { url: search ? `${url}?${search}` : url, headers, payload: sent?.payload };
    });
}

/** Routes that a valid token alone makes a valid request: only tokens that cannot act are sent. */
const NO_REAL_TOKEN = new Set(['DELETE /api/session']);

describe('generated malformed requests', () => {
  it('no route answers 5xx, and no stored data changes', async () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(25);
    // The order placed above queued its mail: the background job sends it before the baseline.
    await expect.poll(() => pendingOrderMail(), { timeout: 10_000 }).toBe(0);
    const before = await storedState(ctx.database);
    for (const op of ops) {
      await fc.assert(
        fc.asyncProperty(request(op), async (generated) => {
          if (NO_REAL_TOKEN.has(`${op.method} ${op.path}`)) delete generated.headers.authorization;
          // Malformed on purpose (paths, query strings and bodies generated from the OpenAPI
          // document): sent as they are, not through the typed call().
          const response = await ctx.app.inject({
            method: op.method as 'GET',
            url: generated.url,
            headers: generated.headers,
            ...(generated.payload !== undefined && { payload: generated.payload }),
          });
          const where = `${op.method} ${generated.url.slice(0, 200)} ${JSON.stringify(generated.headers)} ${String(generated.payload).slice(0, 200)}`;
          expect(response.statusCode, `${where} -> ${response.body.slice(0, 300)}`).toBeLessThan(500);
          // A refusal stays small whatever was sent: it never echoes the input back at length.
          if (response.statusCode >= 400) expect(response.body.length, where).toBeLessThan(2_000);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
    expect(await storedState(ctx.database)).toBe(before);
  }, 180_000);
});
