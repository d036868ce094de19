import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Response } from 'playwright-core';
import { expect } from 'vitest';
import { routeRequest } from '@shop/shared/api/path';
import type { RouteInput, RouteKey, RouteResponse } from '@shop/shared/api/routes';
import { DEMO_CARD_SUCCEEDS } from '@shop/shared/demo-cards';
import { call, type Answer, type CallArgs, type PathOptions } from '../../apps/api/test/helpers/call';
import { multipart } from '../../apps/api/test/helpers/multipart';
import { sessionOf } from '../../apps/api/test/helpers/sign-in';
import { baseURL } from './context';
import { ADMIN } from './settings';

/**
 * The API called from the test itself, to set a journey up quickly where the screen is not what
 * it proves, and to check what the server holds after the user acted. Routes are called by their
 * key in the shared route table, with the params, query and body it types, as the API tests do
 * (apps/api/test/helpers/call.ts): `api('POST /order', { as: customer, body })`.
 */
export const api = <K extends RouteKey>(key: K, ...options: CallArgs<K>): Promise<Answer<K>> =>
  call(baseURL, key, ...options);

/** The call must answer `status`; its body, typed by the route table, is returned. */
export async function apiExpect<K extends RouteKey>(
  status: number,
  key: K,
  ...options: CallArgs<K>
): Promise<RouteResponse<K>> {
  const answer = await api(key, ...options);
  expect(answer.status, `${answer.request.method} ${answer.request.url}: ${answer.text}`).toBe(status);
  return answer.body;
}

/**
 * A route's method and URL (under /api), from its key: for the calls a journey makes from the
 * browser itself (page.evaluate) and for picking the browser's own requests out of its traffic.
 */
export function routeOf<K extends RouteKey>(
  key: K,
  ...[options]: Partial<PathOptions<K>> extends PathOptions<K> ? [PathOptions<K>?] : [PathOptions<K>]
) {
  const { params, query } = (options ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, string>;
  };
  const { method, path } = routeRequest(key, params, query);
  return { method, url: `/api${path}` };
}

let counter = 0;
/** Unique per run and per call: every journey makes its own users and data. */
export function unique(): string {
  counter += 1;
  return `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
}

export interface TestUser {
  name: string;
  email: string;
  password: string;
  /** The token the web app keeps under `accessToken`. */
  token: string;
}

/** The e-mail-for-token exchange that follows a sign-in or a sign-up (docs/behaviour.md §4.5). */
async function tokenOf(session: { token: string }, email: string): Promise<string> {
  const { token } = await apiExpect(200, 'PUT /user/:email', {
    as: session,
    params: { email },
    body: { email },
  });
  return token;
}

/** Signs in as the web app does: the session, then the e-mail-for-token exchange (docs/behaviour.md §4.5). */
export async function signInByApi(email: string, password: string): Promise<string> {
  const signedIn = await api('POST /session', { body: { email, password } });
  expect(signedIn.status, `POST /session: ${signedIn.text}`).toBe(200);
  return tokenOf(sessionOf(signedIn), email);
}

/**
 * A new customer account, signed up through the API (quick; the sign-up screen has its own
 * journey) and signed in by its sign-up's session, as the web app signs a new account in.
 */
export async function newCustomer(firstName: string): Promise<TestUser> {
  const id = unique();
  const user = {
    name: `${firstName} ${id.slice(-6)}`,
    email: `${firstName.toLowerCase()}-${id}@e2e.test`,
    password: `pw-${id}`,
  };
  const session = await apiExpect(201, 'POST /account', { body: user });
  return { ...user, token: await tokenOf(session, user.email) };
}

/** A new session of the run's admin (global-setup.ts): for a journey of its own. */
export const adminToken = () => signInByApi(ADMIN.email, ADMIN.password);

let helpersAdmin: Promise<{ token: string }> | undefined;
/**
 * The admin as the set-up helpers call the API (tools, approvals, terms): one session, signed in
 * at first use and kept by the suite's one process (vitest.config.ts). No journey signs the
 * admin's sessions out; a journey that needs an admin session of its own takes adminToken().
 */
export function asAdmin(): Promise<{ token: string }> {
  helpersAdmin ??= adminToken().then(
    (token) => ({ token }),
    (error: unknown) => {
      helpersAdmin = undefined;
      throw error;
    },
  );
  return helpersAdmin;
}

const pictureFile = fileURLToPath(new URL('../../apps/web/public/hero.webp', import.meta.url));

/** A product picture: a real image file from the web app's own assets. */
export const productPicture = {
  name: 'roller.webp',
  mimeType: 'image/webp',
  buffer: readFileSync(pictureFile),
};

/** What a journey may set of its tool; the rest are the defaults below (the API's for trade pricing). */
type ToolFields = Partial<Omit<RouteInput<'POST /tool'>['body'], 'img'>>;

let uploadedPicture: Promise<string> | undefined;
/**
 * The URL of productPicture as the admin uploaded it, once for many tools: they all show it (the
 * shop lets tools share a picture, and keeps it while one of them shows it). Uploaded again when
 * it is gone, its last tool deleted. The server makes every width of a picture it takes, which
 * was most of what adding a tool cost.
 */
async function pictureUrl(as: { token: string }): Promise<string> {
  const known = uploadedPicture && (await uploadedPicture.catch(() => undefined));
  if (known && (await fetch(`${baseURL}${known}`, { method: 'HEAD' })).ok) return known;
  uploadedPicture = apiExpect(201, 'POST /upload', {
    as,
    multipart: await multipart([
      {
        field: 'image',
        bytes: productPicture.buffer,
        filename: productPicture.name,
        type: productPicture.mimeType,
      },
    ]),
  }).then((upload) => upload.data.url);
  return uploadedPicture;
}

/** A tool of the journey's own, added by the admin through the API (its picture, then the tool). */
export async function createTool(fields: ToolFields = {}) {
  const as = await asAdmin();
  const { insertedId } = await apiExpect(201, 'POST /tool', {
    as,
    body: {
      name: `E2E Roller ${unique()}`,
      availableQuantity: 500,
      orderQuantity: 10,
      perPartsPrice: 3,
      description: 'A short-pile roller for smooth walls, made for the end-to-end journeys.',
      category: 'home',
      ...fields,
      img: await pictureUrl(as),
    },
  });
  return apiExpect(200, 'GET /tool/:id', { params: { id: insertedId } });
}

/**
 * Takes a journey's tools out of the shop once it is done: deleted, or archived when an order
 * names them (hidden from the shop either way). The journeys share one catalogue, and some look
 * for their new tool on the first page of Products: it goes back to the size they expect.
 */
export async function removeTools(ids: readonly string[]) {
  const as = await asAdmin();
  for (const id of ids) await apiExpect(200, 'DELETE /delete-tool/:id', { as, params: { id } });
}

export async function placeOrderByApi(
  customer: TestUser,
  toolsId: string,
  quantity: number,
): Promise<string> {
  const { insertedId } = await apiExpect(201, 'POST /order', {
    as: customer,
    body: { toolsId, phoneNumber: '01711000000', address: '1 Easel Street, Leeds', quantity },
  });
  return insertedId;
}

/** Pays an order with the demo processor's good card, as the payment form does. */
export async function payOrderByApi(customer: TestUser, orderId: string): Promise<string> {
  const { clientSecret } = await apiExpect(200, 'POST /create-payment-intent', {
    as: customer,
    body: { orderId },
  });
  const card = {
    number: DEMO_CARD_SUCCEEDS,
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 3,
    cvc: '123',
  };
  const { transactionId } = await apiExpect(200, 'POST /payments/demo/confirm', {
    as: customer,
    body: { clientSecret, card, billingName: customer.name, billingEmail: customer.email },
  });
  await apiExpect(200, 'PATCH /order/:id', {
    as: customer,
    params: { id: orderId },
    body: { tools: orderId, transactionId },
  });
  return transactionId;
}

export const myOrdersByApi = (customer: TestUser) =>
  apiExpect(200, 'GET /my-order', { as: customer, query: { email: customer.email } });

/** Whether a response the browser got answers this call of a route (routeOf): its method, its URL. */
export const isCall = (response: Response, route: { method: string; url: string }) =>
  response.request().method() === route.method && response.url().endsWith(route.url);
