import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MAIL_KINDS } from '@shop/shared/contracts/order-mail';
import { renderMail } from '../src/modules/mail/render-mail';
import { templates } from '../src/modules/mail/templates';
import { enqueueOrderMail } from '../src/modules/ordering/order-mail/enqueue-order-mail';
import { isInvoiceMailKind, orderMailMessage } from '../src/modules/ordering/order-mail/order-mail-message';
import { orderMailOutbox } from '../src/modules/ordering/order-mail/order-mail-outbox.table';
import { remindUnpaidOrders } from '../src/modules/ordering/orders/remind-unpaid-orders';
import { orders } from '../src/modules/ordering/orders/orders.table';
import { ORDERING_JOBS } from '../src/modules/ordering';
import { call } from './helpers/call';
import { expireDue } from './helpers/order-lifecycle';
import { pollUntil, quietPeriod } from './helpers/poll';
import { clientSecretFor, GOOD_CARD, markPaid, placeOrder } from './helpers/payments';
import { linkIn, startSmtpSink, type SmtpSink } from './helpers/smtp-sink';
import { openShop, signUp, type Shop } from './helpers/test-app';

/**
 * Order mail through the outbox (docs/behaviour.md §5.12): each event's mail reaches the SMTP
 * server once, retried when the server refuses it, kept as failed when it never takes it. On
 * PGlite by default (jobs in process); `npm run test:postgres` runs it on pg-boss.
 */
const PUBLIC_URL = 'https://shop.example';
const HOUR = 3_600_000;
let sink: SmtpSink;
let shop: Shop<'kim' | 'lee'>;

beforeAll(async () => {
  sink = await startSmtpSink();
  shop = await openShop({
    env: {
      SMTP_URL: sink.url,
      PUBLIC_URL,
      MAIL_RETRIES: '2',
      MAIL_RETRY_DELAY_MS: '100',
      UNPAID_ORDER_TTL: '48h',
      UNPAID_ORDER_REMINDER: '12h',
    },
    customers: ['kim', 'lee'],
    mailbox: sink,
    tool: { name: 'Flat Wall Brush', availableQuantity: 1000, orderQuantity: 10, perPartsPrice: 7 },
  });
});
afterAll(async () => {
  await shop?.close();
  await sink?.close();
});

const outboxOf = (orderId: string) =>
  shop.database.db.select().from(orderMailOutbox).where(eq(orderMailOutbox.orderId, orderId));

/** The order's outbox rows once every one of them is `status`: the drain is done with them. */
const outboxOnce = (orderId: string, status: 'sent' | 'failed') =>
  pollUntil(
    async () => {
      const rows = await outboxOf(orderId);
      return rows.length > 0 && rows.every((row) => row.status === status) && rows;
    },
    { what: `every outbox row of ${orderId} to be ${status}` },
  );

const mailsAbout = (orderId: string, subject: string) =>
  sink.received.filter(
    (mail) => (mail.text ?? '').includes(orderId) && (mail.subject ?? '').includes(subject),
  );

/** Pays an order with the demo card through the API, as the payment page does. */
async function pay(orderId: string, customer = shop.customers.kim) {
  const clientSecret = await clientSecretFor(shop.app, customer, orderId);
  const confirmed = await call(shop.app, 'POST /payments/demo/confirm', {
    as: customer,
    body: { clientSecret, card: GOOD_CARD, billingName: 'Kim', billingEmail: customer.email },
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  const { transactionId } = confirmed.body;
  expect((await markPaid(shop.app, customer, orderId, { tools: orderId, transactionId })).status).toBe(200);
  return transactionId;
}

describe('order mail', () => {
  let orderId: string;
  let placedMail: ParsedMail;

  it('placing an order mails the customer what to pay, with a link to pay it', async () => {
    // The jobs run on pg-boss on PostgreSQL, in process on PGlite (docs/decisions/0030).
    expect(shop.app.jobs.kind).toBe(process.env.TEST_DATABASE_URL ? 'pg-boss' : 'in-process');
    const { kim } = shop.customers;
    orderId = await placeOrder(shop.app, kim, shop.toolId, 40);
    placedMail = await sink.nextMail(kim.email, { subject: 'We received your order' });
    expect(placedMail.subject).toBe('We received your order: Flat Wall Brush');
    expect(placedMail.text).toContain('Flat Wall Brush: 40 × $7.00 = $280');
    expect(placedMail.text).toContain('Shipping: $25');
    expect(placedMail.text).toContain('Total to pay: $305');
    expect(placedMail.text).toContain(`Pay for this order: ${PUBLIC_URL}/dashboard/payments/${orderId}`);
    expect(placedMail.html).toContain(`href="${PUBLIC_URL}/dashboard/payments/${orderId}"`);
    expect(placedMail.html).toContain('Total to pay: $305');
    expect(placedMail.messageId).toBe(`<order-${orderId}-placed@shop.example>`);
  });

  it('paying mails a receipt with the transaction id; shipping mails that it is on its way', async () => {
    const { kim } = shop.customers;
    const transactionId = await pay(orderId);
    const receipt = await sink.nextMail(kim.email, { subject: 'Payment received' });
    expect(receipt.text).toContain('Total paid: $305');
    expect(receipt.text).toContain(`Transaction: ${transactionId}`);
    expect(receipt.text).toContain('Flat Wall Brush: 40 × $7.00 = $280');

    const shipped = await call(shop.app, 'PATCH /shipping-order/:id', {
      as: shop.admin,
      params: { id: orderId },
    });
    expect(shipped.status).toBe(200);
    const onItsWay = await sink.nextMail(kim.email, { subject: 'is on its way' });
    expect(onItsWay.subject).toBe('Your order of Flat Wall Brush is on its way');
    expect(onItsWay.text).toContain('1 Easel Street');
  });

  it('greets an address that proved nothing without its sign-up name, and by name once verified', async () => {
    // A display name is whatever the sign-up typed: here, words a phisher wants the mail to say.
    const lure = 'Your refund is ready: visit https://refunds.evil.example';
    const lured = await signUp(shop.app, lure, `lure-${Date.now()}@shop.test`);
    const first = await placeOrder(shop.app, lured, shop.toolId, 10);
    const unproven = await sink.nextMail(lured.email, { subject: 'We received your order' });
    expect(unproven.text).toContain(first);
    expect(unproven.text).toMatch(/^Hello,\n/);
    expect(unproven.text).not.toContain('refunds.evil.example');
    expect(unproven.html).not.toContain('refunds.evil.example');

    const verify = await sink.nextMail(lured.email, { subject: 'Confirm your e-mail' });
    const token = linkIn(verify, PUBLIC_URL).searchParams.get('token')!;
    const verified = await call(shop.app, 'POST /email-verification/complete', { body: { token } });
    expect(verified.status, verified.text).toBe(200);
    const second = await placeOrder(shop.app, lured, shop.toolId, 10);
    const proven = await sink.nextMail(lured.email, { subject: 'We received your order' });
    expect(proven.text).toContain(second);
    expect(proven.text).toContain(`Hello ${lure},`);
  });

  it('each event is mailed once, however often the job runs, and the outbox says so', async () => {
    for (let i = 0; i < 5; i += 1) await shop.app.jobs.trigger(ORDERING_JOBS.orderMail);
    // The same transition refused a second time queues nothing either.
    const again = await call(shop.app, 'PATCH /shipping-order/:id', {
      as: shop.admin,
      params: { id: orderId },
    });
    expect(again.status).toBe(409);
    const rows = await outboxOnce(orderId, 'sent');
    // Nothing more may come: the runs asked for above must send no second copy, and the queue
    // says nothing when it is idle, so a second copy is given 1.5 s to arrive.
    await quietPeriod(1500);
    for (const subject of ['We received your order', 'Payment received', 'is on its way']) {
      expect(mailsAbout(orderId, subject), subject).toHaveLength(1);
    }
    expect(rows.map((row) => [row.kind, row.status, row.attempts]).sort()).toEqual([
      ['paid', 'sent', 1],
      ['placed', 'sent', 1],
      ['shipped', 'sent', 1],
    ]);
  });

  it('cancelling an unpaid order mails that it was cancelled, though the order row is gone', async () => {
    const { lee } = shop.customers;
    const id = await placeOrder(shop.app, lee, shop.toolId, 10);
    await sink.nextMail(lee.email, { subject: 'We received your order' });
    const cancelled = await call(shop.app, 'DELETE /order/:id', { as: lee, params: { id } });
    expect(cancelled.status).toBe(200);
    const mail = await sink.nextMail(lee.email, { subject: 'was cancelled' });
    expect(mail.text).toContain(
      'Your order of 10 × Flat Wall Brush was cancelled. Nothing was charged for it.',
    );
    expect(mail.text).toContain(`${PUBLIC_URL}/dashboard/my-orders`);
  });

  it('enqueueOrderMail queues a refund mail in the caller’s transaction, and nothing if it rolls back', async () => {
    const { lee } = shop.customers;
    const id = await placeOrder(shop.app, lee, shop.toolId, 20);
    await sink.nextMail(lee.email, { subject: 'We received your order' });
    await expect(
      shop.database.db.transaction(async (tx) => {
        await enqueueOrderMail(tx, { orderId: id, kind: 'refunded' });
        throw new Error('the refund failed');
      }),
    ).rejects.toThrow('the refund failed');
    expect((await outboxOf(id)).map((row) => row.kind)).toEqual(['placed']);

    await shop.database.db.transaction(async (tx) => {
      await enqueueOrderMail(tx, { orderId: id, kind: 'refunded' });
      await enqueueOrderMail(tx, { orderId: id, kind: 'refunded' });
    });
    await shop.app.jobs.trigger(ORDERING_JOBS.orderMail);
    const mail = await sink.nextMail(lee.email, { subject: 'was refunded' });
    expect(mail.text).toContain('its payment of $165 refunded');
    await outboxOnce(id, 'sent');
    // Queued twice in one transaction, it must still come once: a second copy is given 0.5 s.
    await quietPeriod(500);
    expect(mailsAbout(id, 'was refunded')).toHaveLength(1);
  });

  it('a mail the server refuses is tried again and arrives once', async () => {
    const { kim } = shop.customers;
    sink.refuseNext(1);
    const id = await placeOrder(shop.app, kim, shop.toolId, 10);
    await sink.nextMail(kim.email, { subject: 'We received your order' });
    const [row] = await outboxOnce(id, 'sent');
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    expect(mailsAbout(id, 'We received your order')).toHaveLength(1);
  });

  it('a mail the server keeps refusing is kept as failed with its error, not dropped', async () => {
    const { kim } = shop.customers;
    sink.refuseNext(3);
    const id = await placeOrder(shop.app, kim, shop.toolId, 10);
    const [row] = await outboxOnce(id, 'failed');
    expect(row).toMatchObject({ status: 'failed', attempts: 3, sentAt: null });
    expect(row?.lastError).toContain('Busy, try again later');
    expect(mailsAbout(id, 'We received your order')).toHaveLength(0);
  });
});

describe('order mail given up on, for the owner (§5.13)', () => {
  it('an admin sees a failed e-mail, sends it again, and it arrives once', async () => {
    const { kim } = shop.customers;
    sink.refuseNext(3);
    const id = await placeOrder(shop.app, kim, shop.toolId, 10);
    await outboxOnce(id, 'failed');

    const listed = await call(shop.app, 'GET /order-mail/failed', { as: shop.admin });
    expect(listed.status, listed.text).toBe(200);
    const { count, mails } = listed.body;
    expect(count).toBeGreaterThanOrEqual(1);
    const failed = mails.find((mail) => mail.orderId === id);
    expect(failed).toMatchObject({ kind: 'placed', to: kim.email, attempts: 3 });
    expect(failed?.lastError).toContain('Busy, try again later');

    const retried = await call(shop.app, 'POST /order-mail/:id/retry', {
      as: shop.admin,
      params: { id: failed!._id },
    });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body).toMatchObject({ orderId: id, attempts: 0 });
    await sink.nextMail(kim.email, { subject: 'We received your order' });
    const [row] = await outboxOnce(id, 'sent');
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(mailsAbout(id, 'We received your order')).toHaveLength(1);
    const after = (await call(shop.app, 'GET /order-mail/failed', { as: shop.admin })).body;
    expect(after.mails.map((mail) => mail.orderId)).not.toContain(id);
    expect(after.count).toBe(count - 1);

    // Sent now: asking again sends nothing twice.
    expect(
      (await call(shop.app, 'POST /order-mail/:id/retry', { as: shop.admin, params: { id: failed!._id } }))
        .status,
    ).toBe(404);
  });

  it('answers 404 for an e-mail that is not a failed one, 403 to a customer, 401 to a visitor', async () => {
    expect(
      (await call(shop.app, 'POST /order-mail/:id/retry', { as: shop.admin, params: { id: '999999999' } }))
        .status,
    ).toBe(404);
    expect(
      (await call(shop.app, 'POST /order-mail/:id/retry', { as: shop.admin, params: { id: 'not-a-number' } }))
        .status,
    ).toBe(404);
    expect((await call(shop.app, 'GET /order-mail/failed', { as: shop.customers.kim })).status).toBe(403);
    expect((await call(shop.app, 'GET /order-mail/failed')).status).toBe(401);
  });
});

describe('unpaid orders: reminder and expiry', () => {
  it('an unpaid order is reminded once, some hours before it expires, with the time it expires', async () => {
    const { lee } = shop.customers;
    const id = await placeOrder(shop.app, lee, shop.toolId, 10);
    const [order] = await shop.database.db.select().from(orders).where(eq(orders.id, id));
    const placedAt = order!.createdAt.getTime();
    const options = { ttlMs: 48 * HOUR, reminderMs: 12 * HOUR };
    expect(
      await remindUnpaidOrders(shop.database.db, { ...options, now: new Date(placedAt + 35 * HOUR) }),
    ).toEqual([]);
    expect(
      await remindUnpaidOrders(shop.database.db, { ...options, now: new Date(placedAt + 37 * HOUR) }),
    ).toContain(id);
    expect(
      await remindUnpaidOrders(shop.database.db, { ...options, now: new Date(placedAt + 40 * HOUR) }),
    ).not.toContain(id);
    await shop.app.jobs.trigger(ORDERING_JOBS.orderMail);
    // Lee's unpaid orders from the tests above are reminded in the same run, in no set order.
    let mail = await sink.nextMail(lee.email, { subject: 'expires soon' });
    while (!(mail.text ?? '').includes(id))
      mail = await sink.nextMail(lee.email, { subject: 'expires soon' });
    expect(mailsAbout(id, 'expires soon')).toHaveLength(1);
    const expiresAt = new Date(placedAt + 48 * HOUR).toISOString().slice(0, 16).replace('T', ' ');
    expect(mail.text).toContain(`It is cancelled on ${expiresAt} UTC unless it is paid before.`);
    expect(mail.text).toContain(`${PUBLIC_URL}/dashboard/payments/${id}`);
  });

  it('an unpaid order past the TTL is expired once, its stock given back, and the customer told', async () => {
    const { lee } = shop.customers;
    const stockOf = async () =>
      (await call(shop.app, 'GET /tool/:id', { params: { id: shop.toolId } })).body.availableQuantity;
    const id = await placeOrder(shop.app, lee, shop.toolId, 30);
    const paidId = await placeOrder(shop.app, shop.customers.kim, shop.toolId, 10);
    await pay(paidId);
    const stockBefore = await stockOf();
    const later = new Date(Date.now() + 49 * HOUR);
    const expired = await expireDue(shop.app, { now: later, ttlMs: 48 * HOUR });
    expect(expired).toContain(id);
    expect(expired).not.toContain(paidId);
    expect(await expireDue(shop.app, { now: later, ttlMs: 48 * HOUR })).toEqual([]);
    shop.app.tellChanged('tools');
    // Every order the expiry took gave its quantity back (earlier tests' unpaid orders too).
    expect(await stockOf()).toBeGreaterThanOrEqual(stockBefore + 30);
    await shop.app.jobs.trigger(ORDERING_JOBS.orderMail);
    const mail = await sink.nextMail(lee.email, { subject: 'has expired' });
    expect(mail.text).toContain('was not paid within 2 days, so we cancelled it');
    const paid = await call(shop.app, 'GET /order/:id', { as: shop.customers.kim, params: { id: paidId } });
    expect(paid.body).toMatchObject({ paid: true });
  });
});

describe('order mail templates', () => {
  const snapshot = {
    id: '00000000-0000-4000-8000-000000000001',
    tool_name: 'Paint Roller Kit',
    customer_name: 'Kim <b>Bold</b>',
    email: 'kim@shop.test',
    address: '1 Easel Street',
    quantity: 100,
    unit_price_cents: 950,
    items_total_cents: 95_000,
    shipping_cents: 2500,
    price_cents: 97_500,
    transaction_id: 'pi_demo_1',
    paid_at: '2026-11-24T10:00:00+00:00',
    created_at: '2026-11-24T09:00:00+00:00',
  };
  const render = (
    kind: Parameters<typeof orderMailMessage>[0],
    extra: Record<string, unknown> = {},
    recipientVerified = true,
  ) => {
    const lines = [
      { toolName: 'Paint Roller Kit', quantity: 100, unitPriceCents: 950, lineTotalCents: 95_000 },
    ];
    const message = orderMailMessage(kind, { ...snapshot, ...extra }, lines, {
      publicUrl: PUBLIC_URL,
      unpaidOrderTtlMs: 48 * HOUR,
      recipientVerified,
    });
    const render = templates[message.template] as (data: unknown) => Parameters<typeof renderMail>[0];
    return renderMail(render(message.data), PUBLIC_URL);
  };

  it('shipped names the carrier and tracking number when the order has them, and leaves them out when not', () => {
    const withTracking = render('shipped', { carrier: 'DHL', tracking_number: 'JD0146000032' });
    expect(withTracking.text).toContain('Carrier: DHL\nTracking number: JD0146000032');
    expect(render('shipped').text).not.toContain('Carrier');
  });

  it('every kind has a plain-text and an HTML part, with what the customer typed escaped', () => {
    // The invoice's own mails are the invoicing module's (invoices.test.ts).
    for (const kind of ORDER_MAIL_KINDS.filter(
      (kind): kind is Parameters<typeof orderMailMessage>[0] => !isInvoiceMailKind(kind),
    )) {
      const { subject, text, html } = render(kind);
      expect(subject).toContain('Paint Roller Kit');
      expect(text).toContain('Hello Kim <b>Bold</b>,');
      expect(html).toContain('Hello Kim &lt;b&gt;Bold&lt;/b&gt;,');
      expect(html).not.toContain('<b>Bold</b>');
      expect(render(kind, {}, false).text).toMatch(/^Hello,\n/);
    }
    expect(render('paid').text).toContain('Paid: 2026-11-24 10:00 UTC\nTransaction: pi_demo_1');
    // A placed order's copy is of an unpaid order, unless an invoice paid it in the same checkout.
    const unpaid = { paid_at: null, transaction_id: null };
    expect(render('placed', unpaid).text).toContain('Please pay by 2026-11-26 09:00 UTC');
    expect(render('placed', { transaction_id: 'INV-2026-00007' }).text).toContain(
      'It is paid by invoice INV-2026-00007',
    );
  });
});
