import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { call } from './helpers/call';
import { markPaid, placeOrder } from './helpers/payments';
import { onPostgres, openShop, signUpCustomer, type Shop, type SignedIn } from './helpers/test-app';
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
  call(ctx.app, 'POST /order', {
    as: customer,
    body: { toolsId: toolId, phoneNumber: '01711000000', address: '1 Easel Street', quantity: 1 },
  });

const stock = async () =>
  (await call(ctx.app, 'GET /tool/:id', { params: { id: toolId } })).body.availableQuantity;

async function pay(customer: SignedIn, orderId: string) {
  const clientSecret = await clientSecretFor(ctx.app, customer, orderId);
  const confirmed = await call(ctx.app, 'POST /payments/demo/confirm', {
    as: customer,
    body: { clientSecret, card: GOOD_CARD },
  });
  const { transactionId } = confirmed.body;
  expect((await markPaid(ctx.app, customer, orderId, { tools: orderId, transactionId })).status).toBe(200);
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
    expect(sixth.status).toBe(409);
    expect(sixth.error).toEqual({
      code: 'conflict',
      message: 'You have 5 unpaid orders; pay or cancel one before ordering more',
    });
    expect(await stock()).toBe(before);

    // Another customer is not affected.
    expect((await order(await signUpCustomer(ctx.app, 'other'))).status).toBe(201);

    await pay(customer, ids[0]!);
    expect((await order(customer)).status).toBe(201);
    expect((await order(customer)).status).toBe(409);
    const cancelled = await call(ctx.app, 'DELETE /order/:id', { as: customer, params: { id: ids[1]! } });
    expect(cancelled.status).toBe(200);
    expect((await order(customer)).status).toBe(201);
  });

  // A race: on PostgreSQL only, where requests run at once on a pool of connections (onPostgres).
  it.skipIf(!onPostgres)(
    'holds when the orders arrive at once: 10 concurrent orders leave exactly 5 open',
    async () => {
      const customer = await signUpCustomer(ctx.app, 'racer');
      const responses = await Promise.all(Array.from({ length: 10 }, () => order(customer)));
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([...Array(5).fill(201), ...Array(5).fill(409)]);
    },
  );
});
