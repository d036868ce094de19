import { copy } from '@shop/shared/copy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { call } from './helpers/call';
import { clientSecretFor, createIntent, markPaid, placeOrder, readOrder } from './helpers/payments';
import {
  startStripeStandIn,
  STRIPE_TEST_KEYS,
  stripeEnv,
  type StripeStandIn,
} from './helpers/stripe-stand-in';
import { addTool, openShop, type Shop, type SignedIn } from './helpers/test-app';

let standIn: StripeStandIn;
let ctx: Shop<'alice' | 'bob'>;
let alice: SignedIn;
let bob: SignedIn;
let toolId: string;
let admin: SignedIn;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  // 10 x $7 = $70 of tools an order, plus the default $25 shipping.
  ctx = await openShop({
    env: stripeEnv(standIn),
    customers: ['alice', 'bob'],
    tool: { availableQuantity: 100_000, orderQuantity: 10, perPartsPrice: 7 },
  });
  ({
    admin,
    toolId,
    customers: { alice, bob },
  } = ctx);
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});

const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

describe('configuring Stripe', () => {
  const base = { NODE_ENV: 'test', PAYMENTS: 'stripe' };

  it('PAYMENTS=stripe without its keys stops start-up, naming each missing one', () => {
    expect(() => loadConfig(base)).toThrow(
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET: required when PAYMENTS=stripe',
    );
    expect(() => loadConfig({ ...base, ...STRIPE_TEST_KEYS, STRIPE_WEBHOOK_SECRET: '' })).toThrow(
      'STRIPE_WEBHOOK_SECRET: required when PAYMENTS=stripe',
    );
  });

  it('a key of the wrong kind, or test and live keys mixed, stops start-up naming it', () => {
    expect(() => loadConfig({ ...base, ...STRIPE_TEST_KEYS, STRIPE_SECRET_KEY: 'pk_test_oops' })).toThrow(
      'STRIPE_SECRET_KEY: must be a Stripe secret key',
    );
    expect(() => loadConfig({ ...base, ...STRIPE_TEST_KEYS, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(
      'STRIPE_WEBHOOK_SECRET: must be a Stripe webhook secret',
    );
    expect(() => loadConfig({ ...base, ...STRIPE_TEST_KEYS, STRIPE_PUBLISHABLE_KEY: 'pk_live_x' })).toThrow(
      'one is a test key and the other a live key',
    );
  });

  it('the demo processor is the default and needs no key', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).PAYMENTS).toBe('demo');
  });

  it('the payment page learns that Stripe is used, and its publishable key', async () => {
    const response = await call(ctx.app, 'GET /payments/config');
    expect(response.body).toEqual({ provider: 'stripe', publishableKey: 'pk_test_standin' });
  });

  it('the demo card route does not exist', async () => {
    const response = await call(ctx.app, 'POST /payments/demo/confirm', { as: alice, unsafeBody: {} });
    expect(response.status).toBe(404);
  });
});

describe('creating the payment intent at Stripe', () => {
  it("asks for the order's price in dollars, by card, with the order id and an idempotency key", async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId, 12);
    const response = await createIntent(ctx.app, alice, { orderId, price: 1 });
    expect(response.status, response.text).toBe(200);
    const { clientSecret } = response.body;

    const created = standIn.requests.filter((request) => request.method === 'POST').at(-1)!;
    expect(created.path).toBe('/v1/payment_intents');
    expect(created.authorization).toBe('Bearer sk_test_standin');
    expect(created.idempotencyKey).toBe(`order-${orderId}`);
    expect(Object.fromEntries(created.form)).toEqual({
      amount: '10900', // 12 x $7 + $25 shipping (docs/behaviour.md §5.4)
      currency: 'usd',
      'metadata[orderId]': orderId,
      'allowed_payment_method_types[0]': 'card',
    });
    expect(standIn.intents.get(intentIdOf(clientSecret))?.client_secret).toBe(clientSecret);
  });

  it('a retry answers the same client secret without creating a second intent', async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    const creates = () =>
      standIn.requests.filter(
        (request) => request.method === 'POST' && request.form.get('metadata[orderId]') === orderId,
      ).length;
    const first = await clientSecretFor(ctx.app, alice, orderId);
    const second = await clientSecretFor(ctx.app, alice, orderId);
    expect(second).toBe(first);
    expect(creates()).toBe(1);
  });

  it("an order above Stripe's limit is refused when placed, so no payment is ever asked for", async () => {
    const bigTool = await addTool(ctx.app, admin, {
      perPartsPrice: 100_000,
      orderQuantity: 10,
      availableQuantity: 10,
    });
    const response = await call(ctx.app, 'POST /order', {
      as: alice,
      body: { toolsId: bigTool, phoneNumber: '01711000000', address: '1 Easel Street', quantity: 10 },
    });
    expect(response.status).toBe(400);
    expect(response.error).toEqual({ code: 'invalid-input', message: copy.orderTotalTooHigh });
  });

  it("another customer cannot get one for a customer's order", async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    expect((await createIntent(ctx.app, bob, { orderId })).status).toBe(404);
  });
});

describe('marking an order paid with Stripe', () => {
  it('the order is paid only once Stripe reports that its payment succeeded', async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    const transactionId = intentIdOf(await clientSecretFor(ctx.app, alice, orderId));

    const early = await markPaid(ctx.app, alice, orderId, { tools: orderId, transactionId });
    expect(early.status).toBe(409);
    expect(early.error).toEqual({
      code: 'payment-not-verified',
      message: 'The payment has not succeeded (its status is requires_payment_method)',
    });

    standIn.succeed(transactionId);
    const paid = await markPaid(ctx.app, alice, orderId, { tools: orderId, transactionId });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toEqual({ modifiedCount: 1 });
    expect(await readOrder(ctx.app, alice, orderId)).toMatchObject({ paid: true, transactionId });
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/payment_intents/${transactionId}`,
    });

    const replay = await markPaid(ctx.app, alice, orderId, { tools: orderId, transactionId });
    expect(replay.body).toEqual({ modifiedCount: 0 });
  });

  it('a payment intent Stripe does not know is refused', async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    const response = await markPaid(ctx.app, alice, orderId, {
      tools: orderId,
      transactionId: 'pi_forged123',
    });
    expect(response.status).toBe(409);
    expect(response.error.message).toBe('The payment provider knows no such payment');
  });

  it('an id that is no payment intent id is refused without asking Stripe', async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    const before = standIn.requests.length;
    for (const transactionId of ['../../v1/charges', 'ch_123', 'pi_ with space']) {
      const response = await markPaid(ctx.app, alice, orderId, { tools: orderId, transactionId });
      expect(response.status).toBe(409);
    }
    expect(standIn.requests.length).toBe(before);
  });

  it("a succeeded payment whose amount at Stripe is not the order's price is refused", async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    const transactionId = intentIdOf(await clientSecretFor(ctx.app, alice, orderId));
    Object.assign(standIn.succeed(transactionId), { amount: 100, amount_received: 100 });
    const response = await markPaid(ctx.app, alice, orderId, { tools: orderId, transactionId });
    expect(response.status).toBe(409);
    expect(response.error.message).toBe("The payment's amount is not the order's price");
    expect(await readOrder(ctx.app, alice, orderId)).toMatchObject({ paid: false });
  });

  it('a succeeded payment made for another order cannot pay this one', async () => {
    const first = await placeOrder(ctx.app, alice, toolId);
    const second = await placeOrder(ctx.app, alice, toolId);
    const transactionId = intentIdOf(await clientSecretFor(ctx.app, alice, first));
    standIn.succeed(transactionId);
    const response = await markPaid(ctx.app, alice, second, { tools: second, transactionId });
    expect(response.status).toBe(409);
    expect(response.error.message).toBe('This payment was made for another order');
    expect(await readOrder(ctx.app, alice, second)).toMatchObject({ paid: false });
  });
});
