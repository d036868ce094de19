import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePayments } from '../src/modules/invoicing/invoicing.table';
import { orders } from '../src/modules/ordering/orders/orders.table';
import { payments, stripeEvents } from '../src/modules/payments/payments.table';
import { call } from './helpers/call';
import { COMPANY_ADDRESS, openCompany } from './helpers/companies';
import { adminCancel } from './helpers/order-lifecycle';
import { clientSecretFor, markPaid, placeOrder, readOrder } from './helpers/payments';
import {
  startStripeStandIn,
  STRIPE_TEST_KEYS,
  stripeEnv,
  type StripeStandIn,
} from './helpers/stripe-stand-in';
import { openShop, signUpCustomer, type Shop, type SignedIn } from './helpers/test-app';

let standIn: StripeStandIn;
let ctx: Shop<'alice'>;
let alice: SignedIn;
let toolId: string;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  // 10 x $7 = $70 of tools an order, plus the default $25 shipping.
  ctx = await openShop({
    env: stripeEnv(standIn),
    customers: ['alice'],
    tool: { availableQuantity: 100_000, orderQuantity: 10, perPartsPrice: 7 },
  });
  ({
    toolId,
    customers: { alice },
  } = ctx);
});
afterAll(async () => {
  await ctx.close();
  await standIn.close();
});

const ORDER_PRICE_CENTS = 9500;
const stripe = new Stripe(STRIPE_TEST_KEYS.STRIPE_SECRET_KEY);
const newId = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

/** A Stripe event about a payment intent, as Stripe would send it. */
function intentEvent(
  type: string,
  orderId: string | null,
  overrides: Record<string, unknown> = {},
  intentId = newId('pi'),
) {
  return {
    id: newId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        id: intentId,
        object: 'payment_intent',
        amount: ORDER_PRICE_CENTS,
        amount_received: type === 'payment_intent.succeeded' ? ORDER_PRICE_CENTS : 0,
        currency: 'usd',
        metadata: orderId ? { orderId } : {},
        status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
        client_secret: `${intentId}_secret_x`,
        ...overrides,
      },
    },
  };
}

/** Posts the event to the webhook, signed with the shop's webhook secret unless told otherwise. */
function deliver(
  event: object,
  {
    secret = STRIPE_TEST_KEYS.STRIPE_WEBHOOK_SECRET,
    timestamp = Math.floor(Date.now() / 1000),
    body = '',
  } = {},
) {
  const payload = JSON.stringify(event, null, 2);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return call(ctx.app, 'POST /stripe/webhook', {
    rawBody: body || payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

/** The intent the shop created for the order (POST /create-payment-intent), as the browser starts it. */
async function startedIntent(orderId: string): Promise<string> {
  const clientSecret = await clientSecretFor(ctx.app, alice, orderId);
  const intentId = clientSecret.split('_secret_')[0]!;
  expect(standIn.intents.get(intentId)?.metadata).toMatchObject({ orderId });
  return intentId;
}

/** A signed success event for the intent the shop created for the order. */
async function startedSuccess(orderId: string, overrides: Record<string, unknown> = {}) {
  return intentEvent('payment_intent.succeeded', orderId, overrides, await startedIntent(orderId));
}

async function orderRow(orderId: string) {
  const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

const paymentsOf = (orderId: string) =>
  ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId));

describe('the Stripe webhook', () => {
  it('a signed payment_intent.succeeded for the exact price marks the order paid, with its record', async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    const event = await startedSuccess(orderId);
    const response = await deliver(event);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ received: true });

    expect(await readOrder(ctx.app, alice, orderId)).toMatchObject({
      paid: true,
      transactionId: event.data.object.id,
    });
    expect(await paymentsOf(orderId)).toEqual([
      expect.objectContaining({
        provider: 'stripe',
        intentId: event.data.object.id,
        amountCents: ORDER_PRICE_CENTS,
      }),
    ]);
    // The browser's PATCH that follows is a harmless replay.
    const patched = await markPaid(ctx.app, alice, orderId, {
      tools: orderId,
      transactionId: event.data.object.id,
    });
    expect(patched.body).toEqual({ modifiedCount: 0 });
  });

  it('an event signed with another secret is refused and changes nothing', async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    const response = await deliver(await startedSuccess(orderId), {
      secret: 'whsec_forged',
    });
    expect(response.status).toBe(400);
    expect(response.error).toEqual({
      code: 'invalid-input',
      message: 'The webhook signature is missing, wrong or too old',
    });
    expect((await orderRow(orderId)).paid).toBe(false);
  });

  it('a body changed after signing is refused', async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    const signed = await startedSuccess(orderId, { amount: 1, amount_received: 1 });
    const tampered = JSON.stringify({
      ...signed,
      data: intentEvent('payment_intent.succeeded', orderId, {}, signed.data.object.id).data,
    });
    const response = await deliver(signed, { body: tampered });
    expect(response.status).toBe(400);
    expect((await orderRow(orderId)).paid).toBe(false);
  });

  it('an event without a signature is refused', async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    const response = await call(ctx.app, 'POST /stripe/webhook', {
      rawBody: JSON.stringify(await startedSuccess(orderId)),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect((await orderRow(orderId)).paid).toBe(false);
  });

  it('a stale event, signed more than five minutes ago, is refused as a replay', async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const response = await deliver(await startedSuccess(orderId), {
      timestamp: tenMinutesAgo,
    });
    expect(response.status).toBe(400);
    expect((await orderRow(orderId)).paid).toBe(false);
  });

  it('a duplicated event is acknowledged and processed once', async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    const event = await startedSuccess(orderId);
    const responses = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    const paidAt = (await orderRow(orderId)).paidAt;
    expect((await deliver(event)).status).toBe(200);

    expect((await orderRow(orderId)).paidAt).toEqual(paidAt);
    expect(await paymentsOf(orderId)).toHaveLength(1);
    expect(
      await ctx.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id)),
    ).toHaveLength(1);
  });

  it('events out of order never un-pay an order: a failure after the success changes nothing', async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    const intentId = await startedIntent(orderId);
    const failed = intentEvent('payment_intent.payment_failed', orderId, {}, intentId);
    const succeeded = intentEvent('payment_intent.succeeded', orderId, {}, intentId);
    // The failure of an earlier attempt arrives late, after the success.
    expect((await deliver(succeeded)).status).toBe(200);
    expect((await deliver(failed)).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ paid: true, transactionId: intentId });
  });

  it('a second success for an order already paid keeps the first payment', async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    const first = await startedSuccess(orderId);
    const second = intentEvent('payment_intent.succeeded', orderId);
    expect((await deliver(first)).status).toBe(200);
    expect((await deliver(second)).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ paid: true, transactionId: first.data.object.id });
    expect(await paymentsOf(orderId)).toHaveLength(1);
  });

  it.each([
    ['another amount', { amount: 6999, amount_received: 6999 }],
    ['another currency', { currency: 'eur' }],
    ['less received than asked', { amount_received: 100 }],
  ])('a success for %s does not pay the order (acknowledged, nothing changes)', async (_label, overrides) => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    const response = await deliver(await startedSuccess(orderId, overrides));
    expect(response.status).toBe(200);
    expect((await orderRow(orderId)).paid).toBe(false);
    expect(await paymentsOf(orderId)).toHaveLength(0);
  });

  it('a success for an unknown order, or none, is acknowledged and pays nothing', async () => {
    expect((await deliver(intentEvent('payment_intent.succeeded', crypto.randomUUID()))).status).toBe(200);
    expect((await deliver(intentEvent('payment_intent.succeeded', null))).status).toBe(200);
    expect((await deliver(intentEvent('payment_intent.succeeded', 'not-a-uuid'))).status).toBe(200);
  });

  it('one payment intent never pays two orders', async () => {
    const first = await placeOrder(ctx.app, alice, toolId);
    const second = await placeOrder(ctx.app, alice, toolId);
    const intentId = await startedIntent(first);
    await startedIntent(second);
    expect((await deliver(intentEvent('payment_intent.succeeded', first, {}, intentId))).status).toBe(200);
    // The same intent, claimed by another order's event (its metadata rewritten).
    expect((await deliver(intentEvent('payment_intent.succeeded', second, {}, intentId))).status).toBe(200);
    expect((await orderRow(first)).paid).toBe(true);
    expect((await orderRow(second)).paid).toBe(false);
  });

  it('other event types are acknowledged and ignored', async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    expect((await deliver(intentEvent('payment_intent.created', orderId))).status).toBe(200);
    expect((await deliver(intentEvent('charge.refunded', orderId))).status).toBe(200);
    expect((await orderRow(orderId)).paid).toBe(false);
  });

  it('a signed success for an intent the shop did not create for the order does not pay it', async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    const started = await startedIntent(orderId);
    // Same order in its metadata, right amount and currency, validly signed: but another intent,
    // such as one made in the Stripe dashboard with this order's id typed in.
    const other = intentEvent('payment_intent.succeeded', orderId, {}, newId('pi'));
    expect(other.data.object.id).not.toBe(started);
    expect((await deliver(other)).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ paid: false, transactionId: null });
    expect(await paymentsOf(orderId)).toHaveLength(0);

    // Nor is it accepted through PATCH /order/{id}; the intent the shop started still pays it.
    const patched = await markPaid(ctx.app, alice, orderId, {
      tools: orderId,
      transactionId: other.data.object.id,
    });
    expect(patched.status).toBe(409);
    expect((await deliver(intentEvent('payment_intent.succeeded', orderId, {}, started))).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ paid: true, transactionId: started });
  });

  it('an order with no payment started is not paid by a signed success naming it', async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    expect((await deliver(intentEvent('payment_intent.succeeded', orderId))).status).toBe(200);
    expect((await orderRow(orderId)).paid).toBe(false);
  });
});

describe('the Stripe webhook and an invoice paid by card', () => {
  /** An invoice of $95 (10 x $7 and $25 shipping) of a new company on Net 30, with its admin. */
  async function openInvoice() {
    const companyAdmin = await signUpCustomer(ctx.app, 'payer');
    const id = await openCompany(ctx.app, ctx.admin, companyAdmin, `Stripe Payers ${newId('co')}`);
    await call(ctx.app, 'PUT /company/:id/terms', {
      as: ctx.admin,
      params: { id },
      body: { days: 30, creditLimit: 1000, invoiceEmail: 'ap@payers.test' },
    });
    const address = await call(ctx.app, 'POST /address', { as: companyAdmin, body: COMPANY_ADDRESS });
    await call(ctx.app, 'PUT /cart/lines', { as: companyAdmin, body: { lines: [{ toolId, quantity: 10 }] } });
    const checkout = await call(ctx.app, 'POST /checkout', {
      as: companyAdmin,
      headers: { 'idempotency-key': newId('key') },
      body: { addressId: address.body._id, paymentMethod: 'invoice' },
    });
    expect(checkout.status, checkout.text).toBe(201);
    return { companyAdmin, invoice: checkout.body.invoice! };
  }

  const succeededEvent = (intentId: string) => {
    const intent = standIn.succeed(intentId);
    return { ...intentEvent('payment_intent.succeeded', null, {}, intentId), data: { object: intent } };
  };

  it('records the payment against the invoice once, though the browser never reports it', async () => {
    const { companyAdmin, invoice } = await openInvoice();
    const started = await call(ctx.app, 'POST /invoice/:id/card-intent', {
      as: companyAdmin,
      params: { id: invoice.id },
    });
    expect(standIn.intents.get(started.body.intentId)?.metadata).toEqual({
      orderId: invoice.orderId,
      invoiceId: invoice.id,
    });
    const event = succeededEvent(started.body.intentId);
    expect((await deliver(event)).status).toBe(200);
    expect((await deliver({ ...event, id: newId('evt') })).status).toBe(200);
    const read = await call(ctx.app, 'GET /order/:id/invoice', {
      as: companyAdmin,
      params: { id: invoice.orderId },
    });
    expect(read.body).toMatchObject({ paid: 95, balance: 0, state: 'paid' });
    // The browser's report comes after: the same invoice, nothing recorded twice.
    const reported = await call(ctx.app, 'POST /invoice/:id/card-payment', {
      as: companyAdmin,
      params: { id: invoice.id },
      body: { intentId: started.body.intentId },
    });
    expect(reported.body).toEqual(read.body);
    const rows = await ctx.database.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, invoice.id));
    expect(rows.map(({ amountCents, method, intentId }) => [amountCents, method, intentId])).toEqual([
      [9500, 'card', started.body.intentId],
    ]);
  });

  it('refunds a card payment of an invoice voided meanwhile', async () => {
    const { companyAdmin, invoice } = await openInvoice();
    const started = await call(ctx.app, 'POST /invoice/:id/card-intent', {
      as: companyAdmin,
      params: { id: invoice.id },
    });
    const cancelled = await adminCancel(ctx.app, ctx.admin, invoice.orderId);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect((await deliver(succeededEvent(started.body.intentId))).status).toBe(200);
    expect([...standIn.refunds.values()].map((refund) => refund.payment_intent)).toContain(
      started.body.intentId,
    );
    const rows = await ctx.database.db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, invoice.id));
    expect(rows).toEqual([]);
  });
});
