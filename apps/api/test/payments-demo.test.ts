import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInput } from '@shop/shared/api/routes';
import { orders } from '../src/modules/ordering/orders/orders.table';
import { demoPaymentIntents, payments } from '../src/modules/payments/payments.table';
import { call } from './helpers/call';
import {
  clientSecretFor,
  createIntent,
  DECLINED_CARD,
  GOOD_CARD,
  markPaid,
  placeOrder,
  readOrder,
} from './helpers/payments';
import { onPostgres, openShop, type Shop, type SignedIn } from './helpers/test-app';

let ctx: Shop<'alice' | 'bob'>;
let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let toolId: string;

beforeAll(async () => {
  // 10 x $7 = $70 of tools an order, plus the default $25 shipping.
  ctx = await openShop({
    customers: ['alice', 'bob'],
    tool: { availableQuantity: 100_000, orderQuantity: 10, perPartsPrice: 7 },
  });
  ({
    admin,
    toolId,
    customers: { alice, bob },
  } = ctx);
});
afterAll(() => ctx.close());

const confirm = (
  customer: SignedIn | null,
  clientSecret: string,
  card: RouteInput<'POST /payments/demo/confirm'>['body']['card'] = GOOD_CARD,
) =>
  call(ctx.app, 'POST /payments/demo/confirm', {
    as: customer,
    body: { clientSecret, card, billingName: 'Alice', billingEmail: 'alice@shop.test' },
  });

/** Orders, pays by card and returns the order id and the transaction id (order still unpaid). */
async function orderAndPayByCard(customer: SignedIn) {
  const orderId = await placeOrder(ctx.app, customer, toolId);
  const clientSecret = await clientSecretFor(ctx.app, customer, orderId);
  const response = await confirm(customer, clientSecret);
  expect(response.status, response.text).toBe(200);
  return { orderId, transactionId: response.body.transactionId };
}

async function demoIntentOf(clientSecret: string) {
  const [row] = await ctx.database.db
    .select()
    .from(demoPaymentIntents)
    .where(eq(demoPaymentIntents.clientSecret, clientSecret));
  return row!;
}

describe('the payments configuration', () => {
  it('says the demo processor is in use and gives no publishable key', async () => {
    const response = await call(ctx.app, 'GET /payments/config');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ provider: 'demo' });
  });

  it('has no Stripe webhook', async () => {
    const response = await call(ctx.app, 'POST /stripe/webhook', { unsafeBody: {} });
    expect(response.status).toBe(404);
  });
});

describe('creating a payment intent', () => {
  it("charges the stored order's price, whatever price the request sends", async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId, 12);
    const response = await createIntent(ctx.app, alice, { orderId, price: 0.01 });
    expect(response.status, response.text).toBe(200);
    const { clientSecret } = response.body;
    expect(clientSecret).toMatch(/^pi_demo_\w+_secret_\w+$/);
    expect(await demoIntentOf(clientSecret)).toMatchObject({
      orderId,
      // 12 x $7 plus $25 shipping: the order's price, which is its total (docs/behaviour.md §5.4).
      amountCents: 10_900,
      currency: 'usd',
      status: 'requires_payment_method',
    });
  });

  it('answers the same client secret on a retry: one intent per order', async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    const secrets = await Promise.all([1, 2, 3].map(() => clientSecretFor(ctx.app, alice, orderId)));
    secrets.push(await clientSecretFor(ctx.app, alice, orderId));
    expect(new Set(secrets).size).toBe(1);
    const rows = await ctx.database.db
      .select()
      .from(demoPaymentIntents)
      .where(eq(demoPaymentIntents.orderId, orderId));
    expect(rows).toHaveLength(1);
  });

  it("a visitor, another customer or an admin cannot get one for a customer's order", async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    expect((await createIntent(ctx.app, null, { orderId })).status).toBe(401);
    expect((await createIntent(ctx.app, bob, { orderId })).status).toBe(404);
    expect((await createIntent(ctx.app, admin, { orderId })).status).toBe(404);
  });

  it('an unknown order is a 404; a paid order is a 409; unknown fields are a 400', async () => {
    expect((await createIntent(ctx.app, alice, { orderId: crypto.randomUUID() })).status).toBe(404);
    expect((await createIntent(ctx.app, alice, { orderId: 'nope' })).status).toBe(404);
    const { orderId, transactionId } = await orderAndPayByCard(alice);
    await markPaid(ctx.app, alice, orderId, { tools: orderId, transactionId });
    const paid = await createIntent(ctx.app, alice, { orderId });
    expect(paid.status).toBe(409);
    expect(paid.error).toEqual({ code: 'conflict', message: 'This order has already been paid' });
    const unknownField = await call(ctx.app, 'POST /create-payment-intent', {
      as: alice,
      unsafeBody: { orderId, amount: 1 },
    });
    expect(unknownField.status).toBe(400);
  });
});

describe('paying with the demo card processor', () => {
  it('4242 4242 4242 4242 succeeds; the order is paid with its transaction id once PATCH verifies it', async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    const clientSecret = await clientSecretFor(ctx.app, alice, orderId);

    const confirmed = await confirm(alice, clientSecret);
    expect(confirmed.status, confirmed.text).toBe(200);
    const { transactionId } = confirmed.body;
    expect(confirmed.body).toEqual({ status: 'succeeded', transactionId });
    expect(clientSecret.startsWith(`${transactionId}_secret_`)).toBe(true);
    // The card processor never marks the order paid by itself.
    expect(await readOrder(ctx.app, alice, orderId)).toMatchObject({ paid: false, transactionId: null });

    const patched = await markPaid(ctx.app, alice, orderId, { tools: orderId, transactionId });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toEqual({ modifiedCount: 1 });

    const myOrders = await call(ctx.app, 'GET /my-order', { as: alice, query: { email: alice.email } });
    expect(myOrders.body.find((order) => order._id === orderId)).toMatchObject({
      paid: true,
      transactionId,
    });
    const [payment] = await ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({
      provider: 'demo',
      intentId: transactionId,
      amountCents: 9500, // 10 x $7 + $25 shipping
      currency: 'usd',
    });
  });

  it("4000 0000 0000 0002 is declined with 'Your card was declined.' and the order stays unpaid", async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    const clientSecret = await clientSecretFor(ctx.app, alice, orderId);

    const declined = await confirm(alice, clientSecret, DECLINED_CARD);
    expect(declined.status).toBe(402);
    expect(declined.error).toEqual({ code: 'payment-failed', message: 'Your card was declined.' });
    const intent = await demoIntentOf(clientSecret);
    expect(intent).toMatchObject({ status: 'requires_payment_method', lastError: 'Your card was declined.' });

    const patched = await markPaid(ctx.app, alice, orderId, { tools: orderId, transactionId: intent.id });
    expect(patched.status).toBe(409);
    expect(patched.error).toMatchObject({ code: 'payment-not-verified' });
    expect(await readOrder(ctx.app, alice, orderId)).toMatchObject({ paid: false, transactionId: null });

    // The customer can try again with another card.
    expect((await confirm(alice, clientSecret)).status).toBe(200);
  });

  it.each([
    ['a number that fails the checksum', { number: '4242 4242 4242 4241' }, 'Your card number is incorrect.'],
    ['a number too short', { number: '4242 4242' }, 'Your card number is incomplete.'],
    ['a number with letters', { number: '4242 abcd 4242 4242' }, 'Your card number is invalid.'],
    ['an expiry in the past', { expMonth: 1, expYear: 2020 }, 'Your card has expired.'],
    ['an expiry month of 13', { expMonth: 13 }, "Your card's expiration month is invalid."],
    ['a two-digit CVC', { cvc: '12' }, "Your card's security code is incomplete."],
    ['a five-digit CVC', { cvc: '12345' }, "Your card's security code is invalid."],
    ['the insufficient-funds test card', { number: '4000000000009995' }, 'Your card has insufficient funds.'],
  ])('%s is refused with the processor message', async (_label, change, message) => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    const clientSecret = await clientSecretFor(ctx.app, alice, orderId);
    const response = await confirm(alice, clientSecret, { ...GOOD_CARD, ...change });
    expect(response.status).toBe(402);
    expect(response.error).toEqual({ code: 'payment-failed', message });
    expect((await demoIntentOf(clientSecret)).status).toBe('requires_payment_method');
  });

  it('a two-digit expiry year in the future is accepted', async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    const clientSecret = await clientSecretFor(ctx.app, alice, orderId);
    const year = (new Date().getUTCFullYear() + 2) % 100;
    expect((await confirm(alice, clientSecret, { ...GOOD_CARD, expYear: year })).status).toBe(200);
  });

  it("another customer cannot pay with a customer's client secret; an unknown secret is a 404", async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    const clientSecret = await clientSecretFor(ctx.app, alice, orderId);
    expect((await confirm(bob, clientSecret)).status).toBe(404);
    expect((await confirm(null, clientSecret)).status).toBe(401);
    expect((await confirm(alice, 'pi_demo_x_secret_y')).status).toBe(404);
    expect((await demoIntentOf(clientSecret)).status).toBe('requires_payment_method');
  });

  // A race: on PostgreSQL only, where requests run at once on a pool of connections (onPostgres).
  it.skipIf(!onPostgres)(
    'paying the same intent twice charges once and answers the same transaction',
    async () => {
      const orderId = await placeOrder(ctx.app, alice, toolId);
      const clientSecret = await clientSecretFor(ctx.app, alice, orderId);
      const [first, second] = await Promise.all([confirm(alice, clientSecret), confirm(alice, clientSecret)]);
      expect(first!.body).toEqual(second!.body);
    },
  );
});

describe('marking an order paid', () => {
  it('a forged transaction id is refused and the order stays unpaid', async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    for (const transactionId of ['pi_demo_forged', 'pi_3Nforged', 'anything at all']) {
      const response = await markPaid(ctx.app, alice, orderId, { tools: orderId, transactionId });
      expect(response.status).toBe(409);
      expect(response.error).toEqual({
        code: 'payment-not-verified',
        message: 'The payment provider knows no such payment',
      });
    }
    expect(await readOrder(ctx.app, alice, orderId)).toMatchObject({ paid: false });
  });

  it('an intent that has not been paid yet is refused', async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    const { id } = await demoIntentOf(await clientSecretFor(ctx.app, alice, orderId));
    const response = await markPaid(ctx.app, alice, orderId, { tools: orderId, transactionId: id });
    expect(response.status).toBe(409);
    expect(response.error.message).toBe(
      'The payment has not succeeded (its status is requires_payment_method)',
    );
  });

  it('a payment made for a different order cannot pay this one, before or after it paid its own', async () => {
    const cheap = await orderAndPayByCard(alice);
    const other = await placeOrder(ctx.app, alice, toolId);
    const before = await markPaid(ctx.app, alice, other, {
      tools: other,
      transactionId: cheap.transactionId,
    });
    expect(before.status).toBe(409);
    expect(before.error.message).toBe('This payment was made for another order');

    await markPaid(ctx.app, alice, cheap.orderId, {
      tools: cheap.orderId,
      transactionId: cheap.transactionId,
    });
    const after = await markPaid(ctx.app, alice, other, { tools: other, transactionId: cheap.transactionId });
    expect(after.status).toBe(409);
    expect(await readOrder(ctx.app, alice, other)).toMatchObject({ paid: false });
  });

  it("a payment of another amount than the order's price is refused", async () => {
    const orderId = await placeOrder(ctx.app, alice, toolId);
    // An intent for this order at the wrong amount, as a tampered processor record would be.
    const { clientSecret, intentId } = await ctx.app.payments.createIntent({
      orderId,
      amountCents: 1,
      currency: 'usd',
      idempotencyKey: `tampered-${orderId}`,
    });
    expect((await confirm(alice, clientSecret)).status).toBe(200);
    const response = await markPaid(ctx.app, alice, orderId, { tools: orderId, transactionId: intentId });
    expect(response.status).toBe(409);
    expect(response.error).toEqual({
      code: 'payment-not-verified',
      message: "The payment's amount is not the order's price",
    });
    expect(await readOrder(ctx.app, alice, orderId)).toMatchObject({ paid: false });
  });

  it('a replayed PATCH answers 200 and changes nothing', async () => {
    const { orderId, transactionId } = await orderAndPayByCard(alice);
    expect((await markPaid(ctx.app, alice, orderId, { tools: orderId, transactionId })).body).toEqual({
      modifiedCount: 1,
    });
    const [before] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    const replay = await markPaid(ctx.app, alice, orderId, { tools: orderId, transactionId });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ modifiedCount: 0 });
    const [after] = await ctx.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(after).toEqual(before);
  });

  // A race: on PostgreSQL only, where requests run at once on a pool of connections (onPostgres).
  it.skipIf(!onPostgres)('simultaneous PATCHes of one payment mark the order paid once', async () => {
    const { orderId, transactionId } = await orderAndPayByCard(alice);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => markPaid(ctx.app, alice, orderId, { tools: orderId, transactionId })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(6).fill(200));
    const modified = responses.map((response) => response.body.modifiedCount);
    expect(modified.sort()).toEqual([0, 0, 0, 0, 0, 1]);
    expect(await ctx.database.db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(
      1,
    );
  });

  it('a paid order cannot be paid again by another payment', async () => {
    const { orderId, transactionId } = await orderAndPayByCard(alice);
    await markPaid(ctx.app, alice, orderId, { tools: orderId, transactionId });
    const response = await markPaid(ctx.app, alice, orderId, {
      tools: orderId,
      transactionId: 'pi_demo_other',
    });
    expect(response.status).toBe(409);
    expect(response.error).toEqual({ code: 'conflict', message: 'This order has already been paid' });
    expect(await readOrder(ctx.app, alice, orderId)).toMatchObject({ paid: true, transactionId });
  });

  it('`tools` must be the order id; fields no request carries are refused', async () => {
    const { orderId, transactionId } = await orderAndPayByCard(alice);
    const other = await placeOrder(ctx.app, alice, toolId);
    const wrongTools = await markPaid(ctx.app, alice, orderId, { tools: other, transactionId });
    expect(wrongTools.status).toBe(400);
    expect(wrongTools.error).toEqual({
      code: 'invalid-input',
      message: 'tools must be the id of the order being paid',
    });
    const extra = await call(ctx.app, 'PATCH /order/:id', {
      as: alice,
      params: { id: orderId },
      unsafeBody: { tools: orderId, transactionId, paid: true },
    });
    expect(extra.status).toBe(400);
    const tooLong = await markPaid(ctx.app, alice, orderId, {
      tools: orderId,
      transactionId: 'x'.repeat(300),
    });
    expect(tooLong.status).toBe(400);
    expect(await readOrder(ctx.app, alice, orderId)).toMatchObject({ paid: false });
  });

  it("only the order's owner can mark it paid", async () => {
    const { orderId, transactionId } = await orderAndPayByCard(alice);
    const body = { tools: orderId, transactionId };
    expect((await markPaid(ctx.app, null, orderId, body)).status).toBe(401);
    expect((await markPaid(ctx.app, bob, orderId, body)).status).toBe(404);
    expect((await markPaid(ctx.app, admin, orderId, body)).status).toBe(404);
    const unknown = crypto.randomUUID();
    expect((await markPaid(ctx.app, alice, unknown, { tools: unknown, transactionId })).status).toBe(404);
    expect(await readOrder(ctx.app, alice, orderId)).toMatchObject({ paid: false });
  });

  it('a paid order cannot be cancelled; an unpaid one still can', async () => {
    const { orderId, transactionId } = await orderAndPayByCard(alice);
    await markPaid(ctx.app, alice, orderId, { tools: orderId, transactionId });
    const cancelPaid = await call(ctx.app, 'DELETE /order/:id', { as: alice, params: { id: orderId } });
    expect(cancelPaid.status).toBe(409);

    const unpaid = await placeOrder(ctx.app, alice, toolId);
    await clientSecretFor(ctx.app, alice, unpaid);
    const cancelUnpaid = await call(ctx.app, 'DELETE /order/:id', { as: alice, params: { id: unpaid } });
    expect(cancelUnpaid.body).toEqual({ deletedCount: 1 });
  });
});

describe('no request sequence marks an order paid without a succeeded payment of its exact price', () => {
  it('holds for random sequences of orders, intents, cards and PATCHes by two customers', async () => {
    // Mostly Alice, sometimes Bob: the owner acts often enough for payments to happen.
    const who = fc.constantFrom(0, 0, 0, 1);
    const order = fc.nat(3);
    const action = fc.oneof(
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('order' as const), who }) },
      { weight: 3, arbitrary: fc.record({ kind: fc.constant('intent' as const), who, order }) },
      // The whole honest journey: intent, the 4242 card, PATCH with that payment.
      { weight: 2, arbitrary: fc.record({ kind: fc.constant('pay' as const), who, order }) },
      // An intent for the order at a wrong amount (a tampered processor record), paid and sent.
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('tampered-intent' as const), order }) },
      {
        weight: 4,
        arbitrary: fc.record({
          kind: fc.constant('confirm' as const),
          who,
          order,
          card: fc.constantFrom(GOOD_CARD, GOOD_CARD, DECLINED_CARD, { ...GOOD_CARD, cvc: '1' }),
        }),
      },
      {
        weight: 4,
        arbitrary: fc.record({
          kind: fc.constant('patch' as const),
          who,
          order,
          // Its own intent, another order's, or a made-up id.
          transaction: fc.oneof(
            fc.constant('own'),
            fc.constant('own'),
            order,
            fc.constantFrom('pi_demo_forged', 'x'),
          ),
        }),
      },
    );
    let paidOrders = 0;

    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 3, maxLength: 15 }), async (actions) => {
        const customers = [alice, bob];
        const placed: string[] = [];
        const intents = new Map<string, { clientSecret: string; intentId: string }>();
        const pick = (index: number) => placed[index % placed.length]!;
        for (const step of actions) {
          if (step.kind === 'order' || placed.length === 0) {
            placed.push(await placeOrder(ctx.app, customers['who' in step ? step.who : 0]!, toolId));
            continue;
          }
          const target = pick(step.order);
          if (step.kind === 'intent' || step.kind === 'pay') {
            const response = await createIntent(ctx.app, customers[step.who]!, { orderId: target });
            if (response.status !== 200) continue;
            const { clientSecret } = response.body;
            const intentId = clientSecret.split('_secret_')[0]!;
            intents.set(target, { clientSecret, intentId });
            if (step.kind === 'pay') {
              await confirm(customers[step.who]!, clientSecret);
              await markPaid(ctx.app, customers[step.who]!, target, {
                tools: target,
                transactionId: intentId,
              });
            }
          } else if (step.kind === 'tampered-intent') {
            const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, target));
            const created = await ctx.app.payments.createIntent({
              orderId: target,
              amountCents: row!.priceCents - 1,
              currency: 'usd',
              idempotencyKey: `tampered-${target}-${intents.size}-${Math.random()}`,
            });
            intents.set(target, created);
            await confirm(alice, created.clientSecret);
            await markPaid(ctx.app, alice, target, { tools: target, transactionId: created.intentId });
          } else if (step.kind === 'confirm') {
            const intent = intents.get(target);
            if (intent) await confirm(customers[step.who]!, intent.clientSecret, step.card);
          } else {
            const source =
              step.transaction === 'own'
                ? target
                : typeof step.transaction === 'number'
                  ? pick(step.transaction)
                  : null;
            const transactionId = (source && intents.get(source)?.intentId) ?? String(step.transaction);
            await markPaid(ctx.app, customers[step.who]!, target, { tools: target, transactionId });
          }
        }
        // Every paid order: a succeeded intent for that very order, of its exact price, used once.
        for (const id of placed) {
          const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, id));
          if (!row?.paid) continue;
          paidOrders++;
          const [intent] = await ctx.database.db
            .select()
            .from(demoPaymentIntents)
            .where(eq(demoPaymentIntents.id, row.transactionId!));
          expect(intent).toMatchObject({ status: 'succeeded', orderId: id, amountCents: row.priceCents });
          const recorded = await ctx.database.db
            .select()
            .from(payments)
            .where(eq(payments.intentId, intent!.id));
          expect(recorded).toEqual([expect.objectContaining({ orderId: id, amountCents: row.priceCents })]);
        }
      }),
      { numRuns: 25 },
    );
    // The sequences did pay orders: the property was tested, not just vacuously true.
    expect(paidOrders).toBeGreaterThan(0);
  });
});
