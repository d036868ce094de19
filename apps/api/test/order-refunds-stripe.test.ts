import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireDueOrders } from '../src/modules/ordering/orders/expire-orders';
import { call } from './helpers/call';
import { adminCancel, customerCancel, eventKinds, expireDue, releasesOf } from './helpers/order-lifecycle';
import { clientSecretFor, markPaid, placeOrder, readOrder } from './helpers/payments';
import {
  startStripeStandIn,
  STRIPE_TEST_KEYS,
  stripeEnv,
  type StripeStandIn,
} from './helpers/stripe-stand-in';
import { stockAndLedger } from './helpers/stock-ledger';
import { onPostgres, openShop, type Shop, type SignedIn } from './helpers/test-app';

/** docs/behaviour.md §5.10–23.5 through Stripe (the local stand-in of its API). */
let standIn: StripeStandIn;
let ctx: Shop<'alice'>;
let alice: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  ctx = await openShop({
    env: { ...stripeEnv(standIn), STRIPE_MAX_NETWORK_RETRIES: '0' },
    customers: ['alice'],
    tool: { availableQuantity: 100_000, orderQuantity: 10, perPartsPrice: 7 },
  });
  ({
    admin,
    customers: { alice },
  } = ctx);
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});

const stock = async () => (await stockAndLedger(ctx.database.db, ctx.toolId)).stock;
const refundsOf = (intentId: string) =>
  [...standIn.refunds.values()].filter((refund) => refund.payment_intent === intentId);

/** Starts the Stripe payment and has the card succeed at Stripe; the shop has not heard yet. */
async function chargedAtStripe(orderId: string): Promise<string> {
  const intentId = (await clientSecretFor(ctx.app, alice, orderId)).split('_secret_')[0]!;
  standIn.succeed(intentId);
  return intentId;
}

async function paidOrder(): Promise<{ id: string; intentId: string }> {
  const id = await placeOrder(ctx.app, alice, ctx.toolId);
  const intentId = await chargedAtStripe(id);
  expect((await markPaid(ctx.app, alice, id, { tools: id, transactionId: intentId })).status).toBe(200);
  return { id, intentId };
}

describe('refunds through Stripe', () => {
  it('an admin cancelling a paid order refunds it at Stripe with one idempotency key per order', async () => {
    const before = await stock();
    const { id, intentId } = await paidOrder();
    const response = await adminCancel(ctx.app, admin, id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ state: 'refunded' });
    expect(refundsOf(intentId)).toHaveLength(1);
    const refundRequest = standIn.requests.find((request) => request.path === '/v1/refunds');
    expect(refundRequest?.idempotencyKey).toBe(`refund-order-${id}`);
    expect(await stock()).toBe(before);
    expect(await releasesOf(ctx.database.db, id)).toBe(1);
  });

  // A race: on PostgreSQL only, where requests run at once on a pool of connections (onPostgres).
  it.skipIf(!onPostgres)(
    'two admins pressing Refund at once refund once and return the stock once',
    async () => {
      const before = await stock();
      const { id, intentId } = await paidOrder();
      const [first, second] = await Promise.all([
        adminCancel(ctx.app, admin, id),
        adminCancel(ctx.app, admin, id),
      ]);
      const statuses = [first.status, second.status];
      expect(statuses).toContain(200);
      expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
      expect(refundsOf(intentId)).toHaveLength(1);
      expect(await readOrder(ctx.app, alice, id)).toMatchObject({ state: 'refunded' });
      expect(await eventKinds(ctx.database.db, id)).toEqual([
        'placed',
        'payment-started',
        'paid',
        'cancelled-by-admin',
        'refunded',
      ]);
      expect(await stock()).toBe(before);
      expect(await releasesOf(ctx.database.db, id)).toBe(1);
    },
  );

  it('Stripe down: 503, the order shows Refund pending; pressing again once it answers finishes the refund', async () => {
    const { id, intentId } = await paidOrder();
    standIn.mode = 'fail';
    try {
      const failed = await adminCancel(ctx.app, admin, id);
      expect(failed.status).toBe(503);
    } finally {
      standIn.mode = 'ok';
    }
    expect(await readOrder(ctx.app, alice, id)).toMatchObject({ state: 'refunding', paid: true });
    const retried = await adminCancel(ctx.app, admin, id);
    expect(retried.body).toMatchObject({ state: 'refunded' });
    expect(refundsOf(intentId)).toHaveLength(1);
    expect(await releasesOf(ctx.database.db, id)).toBe(1);
  });
});

describe('payments in flight at Stripe', () => {
  it("a customer's cancel cancels the order's payment intent at Stripe", async () => {
    const id = await placeOrder(ctx.app, alice, ctx.toolId);
    const intentId = (await clientSecretFor(ctx.app, alice, id)).split('_secret_')[0]!;
    await customerCancel(ctx.app, alice, id);
    expect(standIn.intents.get(intentId)?.status).toBe('canceled');
    expect(await readOrder(ctx.app, alice, id)).toMatchObject({ state: 'cancelled' });
  });

  it('a payment that succeeded just before the cancel is refunded at once', async () => {
    const id = await placeOrder(ctx.app, alice, ctx.toolId);
    const intentId = await chargedAtStripe(id);
    await customerCancel(ctx.app, alice, id);
    expect(refundsOf(intentId)).toHaveLength(1);
    expect(await readOrder(ctx.app, alice, id)).toMatchObject({ state: 'refunded', transactionId: intentId });
    expect(await releasesOf(ctx.database.db, id)).toBe(1);
  });

  it("the expiry cancels the order's payment intent at Stripe, so the open card form can no longer charge it", async () => {
    const id = await placeOrder(ctx.app, alice, ctx.toolId);
    const intentId = (await clientSecretFor(ctx.app, alice, id)).split('_secret_')[0]!;
    const ttlMs = 3_600_000;
    expect(await expireDue(ctx.app, { now: new Date(Date.now() + 2 * ttlMs), ttlMs })).toEqual([id]);
    expect(standIn.intents.get(intentId)?.status).toBe('canceled');
    expect(await readOrder(ctx.app, alice, id)).toMatchObject({ state: 'expired', paid: false });
  });

  it('Stripe not answering at the expiry: every due order still expires, each failure is reported', async () => {
    const ids = [await placeOrder(ctx.app, alice, ctx.toolId), await placeOrder(ctx.app, alice, ctx.toolId)];
    const intentIds = await Promise.all(
      ids.map(async (id) => (await clientSecretFor(ctx.app, alice, id)).split('_secret_')[0]!),
    );
    const failures: unknown[] = [];
    const ttlMs = 3_600_000;
    standIn.mode = 'fail';
    try {
      const expired = await expireDueOrders(
        {
          db: ctx.database.db,
          payments: ctx.app.paymentActions,
          tellChanged: ctx.app.tellChanged,
          onPaymentCancelError: (error) => failures.push(error),
        },
        { now: new Date(Date.now() + 2 * ttlMs), ttlMs },
      );
      expect(expired).toEqual(ids);
    } finally {
      standIn.mode = 'ok';
    }
    expect(failures).toHaveLength(2);
    for (const id of ids) expect(await readOrder(ctx.app, alice, id)).toMatchObject({ state: 'expired' });
    // The intents stay open at Stripe: a payment made on one later is refunded when its webhook comes.
    for (const intentId of intentIds) expect(standIn.intents.get(intentId)?.status).not.toBe('canceled');
  });

  it("Stripe's webhook for a payment after the expiry is acknowledged and the payment refunded", async () => {
    const id = await placeOrder(ctx.app, alice, ctx.toolId);
    const intentId = await chargedAtStripe(id);
    const ttlMs = 3_600_000;
    expect(await expireDue(ctx.app, { now: new Date(Date.now() + 2 * ttlMs), ttlMs })).toContain(id);
    const response = await deliverSucceeded(standIn.intents.get(intentId)!);
    expect(response.status).toBe(200);
    expect(refundsOf(intentId)).toHaveLength(1);
    expect(await readOrder(ctx.app, alice, id)).toMatchObject({ state: 'refunded', paid: true });
    expect(await eventKinds(ctx.database.db, id)).toEqual([
      'placed',
      'payment-started',
      'expired',
      'paid',
      'refunded',
    ]);
    expect(await releasesOf(ctx.database.db, id)).toBe(1);
  });
});

/** Stripe's payment_intent.succeeded for the intent, signed with the shop's webhook secret. */
function deliverSucceeded(intent: object) {
  const stripe = new Stripe(STRIPE_TEST_KEYS.STRIPE_SECRET_KEY);
  const payload = JSON.stringify({
    id: `evt_${Date.now()}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'payment_intent.succeeded',
    data: { object: intent },
  });
  const signature = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: STRIPE_TEST_KEYS.STRIPE_WEBHOOK_SECRET,
  });
  return call(ctx.app, 'POST /stripe/webhook', {
    rawBody: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}
