import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { markPaid, placeOrder } from './helpers/payments';
import { openShop, signUpCustomer, type Shop, type SignedIn } from './helpers/test-app';
import { GOOD_CARD, clientSecretFor } from './helpers/payments';

/** Unpaid orders hold stock, so one account may keep only MAX_OPEN_UNPAID_ORDERS of them open. */
let ctx: Shop<never>;
let toolId: string;

beforeAll(async () => {
  ctx = await openShop({
    env: { MAX_OPEN_UNPAID_ORDERS: '5' },
    tool: { availableQuantity: 10_000, orderQuantity: 1 },
  });
  toolId = ctx.toolId;
});
afterAll(() => ctx.close());

const order = (customer: SignedIn) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: customer.headers,
    payload: { toolsId: toolId, phoneNumber: '01711000000', address: '1 Easel Street', quantity: 1 },
  });

const stock = async () =>
  (await ctx.app.inject({ method: 'GET', url: `/api/tool/${toolId}` })).json<{ availableQuantity: number }>()
    .availableQuantity;

async function pay(customer: SignedIn, orderId: string) {
  const clientSecret = await clientSecretFor(ctx.app, customer, orderId);
  const confirmed = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/demo/confirm',
    headers: customer.headers,
    payload: { clientSecret, card: GOOD_CARD },
  });
  const { transactionId } = confirmed.json<{ transactionId: string }>();
  expect((await markPaid(ctx.app, customer, orderId, { tools: orderId, transactionId })).statusCode).toBe(
    200,
  );
}

describe('open unpaid orders per customer', () => {
  it('defaults to 5', () => {
    expect(loadConfig({}).MAX_OPEN_UNPAID_ORDERS).toBe(5);
  });

  it('refuses a 6th unpaid order with a clear message, reserving nothing; paying or cancelling one frees a place', async () => {
    const customer = await signUpCustomer(ctx.app, 'hoarder');
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push(await placeOrder(ctx.app, customer, toolId, 1));
    const before = await stock();
    const sixth = await order(customer);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toEqual({
      code: 'conflict',
      message: 'You have 5 unpaid orders; pay or cancel one before ordering more',
    });
    expect(await stock()).toBe(before);

    // Another customer is not affected.
    expect((await order(await signUpCustomer(ctx.app, 'other'))).statusCode).toBe(201);

    await pay(customer, ids[0]!);
    expect((await order(customer)).statusCode).toBe(201);
    expect((await order(customer)).statusCode).toBe(409);
    const cancelled = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/order/${ids[1]}`,
      headers: customer.headers,
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await order(customer)).statusCode).toBe(201);
  });

  it('holds when the orders arrive at once: 10 concurrent orders leave exactly 5 open', async () => {
    const customer = await signUpCustomer(ctx.app, 'racer');
    const responses = await Promise.all(Array.from({ length: 10 }, () => order(customer)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(5).fill(409)]);
  });
});
