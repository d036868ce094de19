import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_UNAVAILABLE_MESSAGE } from '../src/modules/payments/stripe-provider';
import { createIntent, markPaid, placeOrder, readOrder } from './helpers/payments';
import { startStripeStandIn, stripeEnv, type StripeStandIn } from './helpers/stripe-stand-in';
import { openShop, type Shop, type SignedIn } from './helpers/test-app';

/**
 * Stripe failing or hanging used to be a 500 after a minute. Now each request has a short
 * timeout and one retry (same idempotency key), then a 503 the customer can act on.
 */
let standIn: StripeStandIn;
let ctx: Shop<'alice'>;
let alice: SignedIn;
let toolId: string;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  ctx = await openShop({
    env: { ...stripeEnv(standIn), STRIPE_TIMEOUT_MS: '300', STRIPE_MAX_NETWORK_RETRIES: '1' },
    customers: ['alice'],
    tool: { availableQuantity: 1000, orderQuantity: 10, perPartsPrice: 7 },
  });
  ({
    toolId,
    customers: { alice },
  } = ctx);
});
afterEach(() => {
  standIn.mode = 'ok';
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});

const unavailable = { code: 'payment-provider-unavailable', message: PROVIDER_UNAVAILABLE_MESSAGE };

describe.each(['fail', 'hang'] as const)('Stripe that answers %s', (mode) => {
  it('creating a payment intent answers 503 soon, after one retry with the same idempotency key', async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    standIn.mode = mode;
    const seen = standIn.requests.length;
    const started = Date.now();
    const response = await createIntent(ctx.app, alice, { orderId });
    expect(response.status, response.text).toBe(503);
    expect(response.error).toEqual(unavailable);
    expect(Date.now() - started).toBeLessThan(10_000);

    const creates = standIn.requests.slice(seen).filter((r) => r.method === 'POST');
    expect(creates).toHaveLength(2);
    expect(new Set(creates.map((r) => r.idempotencyKey))).toEqual(new Set([`order-${orderId}`]));

    // Stripe back: the same order gets its intent, and exactly one.
    standIn.mode = 'ok';
    expect((await createIntent(ctx.app, alice, { orderId })).status).toBe(200);
    const intents = [...standIn.intents.values()].filter((intent) => intent.metadata.orderId === orderId);
    expect(intents).toHaveLength(1);
  });

  it('marking an order paid answers 503 and leaves it unpaid', async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    const created = await createIntent(ctx.app, alice, { orderId });
    const intentId = created.body.clientSecret.split('_secret_')[0]!;
    standIn.succeed(intentId);
    standIn.mode = mode;
    const response = await markPaid(ctx.app, alice, orderId, { tools: orderId, transactionId: intentId });
    expect(response.status, response.text).toBe(503);
    expect(response.error).toEqual(unavailable);
    standIn.mode = 'ok';
    expect((await readOrder(ctx.app, alice, orderId)).paid).toBe(false);
    expect(
      (await markPaid(ctx.app, alice, orderId, { tools: orderId, transactionId: intentId })).status,
    ).toBe(200);
  });
});
