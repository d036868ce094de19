import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { routeRequest } from '@shop/shared/api/path';
import type { RouteKey } from '@shop/shared/api/routes';
import type { SessionResponse } from '@shop/shared/contracts/account';
import type { Order } from '@shop/shared/contracts/orders';
import type { Tool } from '@shop/shared/contracts/tools';
import { DEMO_CARD_SUCCEEDS } from '@shop/shared/demo-cards';
import { baseURL } from './context';
import { ADMIN } from './settings';

/**
 * The API called from the test itself, to set a journey up quickly where the screen is not what
 * it proves, and to check what the server holds after the user acted.
 */
export interface ApiAnswer<T> {
  status: number;
  body: T;
}

interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  token?: string;
  body?: unknown;
}

export async function api<T = unknown>(path: string, options: CallOptions = {}): Promise<ApiAnswer<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${baseURL}/api${path}`, { method: options.method ?? 'GET', headers, body });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** The call must answer `status`; its body is returned. */
export async function apiExpect<T = unknown>(status: number, path: string, options: CallOptions = {}) {
  const answer = await api<T>(path, options);
  expect(answer.status, `${options.method ?? 'GET'} /api${path}: ${JSON.stringify(answer.body)}`).toBe(
    status,
  );
  return answer.body;
}

/** A route's path under /api, from its key in the shared route table. */
export const apiPath = (
  key: RouteKey,
  params?: Record<string, string>,
  query?: Record<string, string>,
): string => routeRequest(key, params, query).path;

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

/** Signs in as the web app does: the session, then the e-mail-for-token exchange (docs/behaviour.md §4.5). */
export async function signInByApi(email: string, password: string): Promise<string> {
  const session = await apiExpect<SessionResponse>(200, apiPath('GET /session'), {
    method: 'POST',
    body: { email, password },
  });
  const { token } = await apiExpect<{ token: string }>(200, apiPath('PUT /user/:email', { email: email }), {
    method: 'PUT',
    token: session.token,
    body: { email },
  });
  return token;
}

/** A new customer account, signed up through the API (quick; the sign-up screen has its own journey). */
export async function newCustomer(firstName: string): Promise<TestUser> {
  const id = unique();
  const user = {
    name: `${firstName} ${id.slice(-6)}`,
    email: `${firstName.toLowerCase()}-${id}@e2e.test`,
    password: `pw-${id}`,
  };
  await apiExpect(201, apiPath('POST /account'), { method: 'POST', body: user });
  return { ...user, token: await signInByApi(user.email, user.password) };
}

export const adminToken = () => signInByApi(ADMIN.email, ADMIN.password);

const pictureFile = fileURLToPath(new URL('../../apps/web/public/hero.webp', import.meta.url));

/** A product picture: a real image file from the web app's own assets. */
export const productPicture = {
  name: 'roller.webp',
  mimeType: 'image/webp',
  buffer: readFileSync(pictureFile),
};

export interface ToolFields {
  name: string;
  availableQuantity: number;
  orderQuantity: number;
  perPartsPrice: number;
  description: string;
  // Trade pricing (docs/behaviour.md §3.7); the API's defaults when left out.
  packSize?: number;
  maxOrderQuantity?: number | null;
  shipPrice?: number;
  priceBreaks?: { fromQuantity: number; unitPrice: number }[];
}

/** A tool of the journey's own, added by the admin through the API (upload, then save). */
export async function createTool(fields: Partial<ToolFields> = {}): Promise<Tool> {
  const token = await adminToken();
  const form = new FormData();
  form.append(
    'image',
    new Blob([productPicture.buffer], { type: productPicture.mimeType }),
    productPicture.name,
  );
  const upload = await apiExpect<{ success: boolean; data: { url: string } }>(201, apiPath('POST /upload'), {
    method: 'POST',
    token,
    body: form,
  });
  const tool = {
    name: `E2E Roller ${unique()}`,
    availableQuantity: 500,
    orderQuantity: 10,
    perPartsPrice: 3,
    description: 'A short-pile roller for smooth walls, made for the end-to-end journeys.',
    category: 'home',
    ...fields,
    img: upload.data.url,
  };
  const { insertedId } = await apiExpect<{ insertedId: string }>(201, apiPath('GET /tool'), {
    method: 'POST',
    token,
    body: tool,
  });
  return apiExpect<Tool>(200, apiPath('GET /tool/:id', { id: insertedId }));
}

export async function placeOrderByApi(
  customer: TestUser,
  toolsId: string,
  quantity: number,
): Promise<string> {
  const { insertedId } = await apiExpect<{ insertedId: string }>(201, apiPath('GET /order'), {
    method: 'POST',
    token: customer.token,
    body: { toolsId, phoneNumber: '01711000000', address: '1 Easel Street, Leeds', quantity },
  });
  return insertedId;
}

/** Pays an order with the demo processor's good card, as the payment form does. */
export async function payOrderByApi(customer: TestUser, orderId: string): Promise<string> {
  const { clientSecret } = await apiExpect<{ clientSecret: string }>(
    200,
    apiPath('POST /create-payment-intent'),
    {
      method: 'POST',
      token: customer.token,
      body: { orderId },
    },
  );
  const card = {
    number: DEMO_CARD_SUCCEEDS,
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 3,
    cvc: '123',
  };
  const { transactionId } = await apiExpect<{ transactionId: string }>(
    200,
    apiPath('POST /payments/demo/confirm'),
    {
      method: 'POST',
      token: customer.token,
      body: { clientSecret, card, billingName: customer.name, billingEmail: customer.email },
    },
  );
  await apiExpect(200, apiPath('GET /order/:id', { id: orderId }), {
    method: 'PATCH',
    token: customer.token,
    body: { tools: orderId, transactionId },
  });
  return transactionId;
}

export const myOrdersByApi = (customer: TestUser) =>
  apiExpect<Order[]>(200, apiPath('GET /my-order', {}, { email: customer.email }), { token: customer.token });
