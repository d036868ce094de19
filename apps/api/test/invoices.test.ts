import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../src/modules/audit/audit-events.table';
import { tools } from '../src/modules/catalogue';
import { remindInvoices } from '../src/modules/invoicing/invoice-mail';
import { invoices } from '../src/modules/invoicing/invoicing.table';
import { demoPaymentIntents } from '../src/modules/payments/payments.table';
import { call, requestOf } from './helpers/call';
import { applyFor, joinCompany, mailboxOf, openCompany } from './helpers/companies';
import { adminCancel } from './helpers/order-lifecycle';
import { DECLINED_CARD, GOOD_CARD } from './helpers/payments';
import { addTool, openShop, signUpCustomer, type Shop, type SignedIn } from './helpers/test-app';

/**
 * Invoices on terms (docs/behaviour.md §5.23): a company the shop gave terms pays by invoice at
 * checkout; the invoice is numbered without gaps per year, e-mailed as a PDF to the company's
 * invoice address, counted against the credit limit until paid; an overdue one blocks new orders
 * on terms; admins record payments in full or in part; cancelling the order voids it.
 */
let shop: Shop<never>;
let brush: string; // $10 each, 10 at least, ships at $20: a cart of 10 costs $120 (no tax registered)
const YEAR = new Date().getUTCFullYear();
const today = () => new Date().toISOString().slice(0, 10);
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  shop = await openShop({ env: { SHOP_NAME: 'Brushworks Trade', SHOP_TAX_NUMBER: 'GB999000111' } });
  brush = await addTool(shop.app, shop.admin, {
    name: 'Angled Sash Brush',
    sku: 'AS-10',
    orderQuantity: 10,
    availableQuantity: 100_000,
    perPartsPrice: 10,
    shipPrice: 20,
  });
});
afterAll(() => shop.close());

/** A new approved company with its admin, on Net `days` with this limit (dollars); null: no terms. */
async function companyOnTerms(creditLimit: number | null, days = 30) {
  const companyAdmin = await signUpCustomer(shop.app, 'company-admin');
  const id = await openCompany(shop.app, shop.admin, companyAdmin, `Harbour ${randomUUID().slice(0, 6)} Ltd`);
  const invoiceEmail = `accounts-${randomUUID().slice(0, 8)}@harbour.test`;
  if (creditLimit !== null) {
    const set = await call(shop.app, 'PUT /company/:id/terms', {
      as: shop.admin,
      params: { id },
      body: { days, creditLimit, invoiceEmail },
    });
    expect(set.status, set.text).toBe(200);
  }
  return { id, companyAdmin, invoiceEmail };
}

async function addressOf(buyer: SignedIn): Promise<string> {
  const response = await call(shop.app, 'POST /address', {
    as: buyer,
    body: {
      name: 'Site Office',
      line1: '1 Quay Street',
      city: 'Hull',
      postalCode: 'HU1 1AA',
      country: 'GB',
      phone: '01482 000001',
    },
  });
  expect(response.status, response.text).toBe(201);
  return response.body._id;
}

/** The buyer's cart of `quantity` brushes checked out by invoice (or by card). */
async function checkOut(
  buyer: SignedIn,
  { quantity = 10, paymentMethod = 'invoice' as 'invoice' | 'card', poNumber = 'PO-7781' } = {},
) {
  const put = await call(shop.app, 'PUT /cart/lines', {
    as: buyer,
    body: { lines: [{ toolId: brush, quantity }] },
  });
  expect(put.status, put.text).toBe(200);
  return call(shop.app, 'POST /checkout', {
    as: buyer,
    headers: { 'idempotency-key': randomUUID() },
    body: { addressId: await addressOf(buyer), poNumber, paymentMethod },
  });
}

async function pdfText(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

const stockOfBrush = async () =>
  (await shop.database.db.select().from(tools).where(eq(tools.id, brush)))[0]!.availableQuantity;

describe('terms', () => {
  it('are set by the shop’s admin on an approved company only, checked, shown on the company, audited', async () => {
    const applicant = await signUpCustomer(shop.app, 'pending');
    const pending = await applyFor(shop.app, applicant, 'Pending Painters Ltd');
    const refused = await call(shop.app, 'PUT /company/:id/terms', {
      as: shop.admin,
      params: { id: pending },
      body: { days: 30, creditLimit: 1000, invoiceEmail: 'ap@pending.test' },
    });
    expect(refused.status).toBe(409);
    expect(refused.error.message).toBe('Only an approved company can have payment terms');

    const { id } = await companyOnTerms(null);
    for (const [body, message] of [
      [{ days: 45, creditLimit: 1000, invoiceEmail: 'ap@x.test' }, 'Choose Net 15, Net 30 or Net 60'],
      [{ days: 30, creditLimit: 0, invoiceEmail: 'ap@x.test' }, 'Credit limit must be at least $0.01'],
      [{ days: 30, creditLimit: 10.001, invoiceEmail: 'ap@x.test' }, 'Credit limit must be in whole cents'],
      [{ days: 30, creditLimit: 1000, invoiceEmail: 'not-an-address' }, 'Enter valid email!'],
    ] as const) {
      const bad = await call(shop.app, 'PUT /company/:id/terms', { as: shop.admin, params: { id }, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.text).toContain(message);
    }
    const set = await call(shop.app, 'PUT /company/:id/terms', {
      as: shop.admin,
      params: { id },
      body: { days: 60, creditLimit: 2500.5, invoiceEmail: 'AP@Harbour.test' },
    });
    // The address is kept as every e-mail address is: lower case.
    expect(set.body).toEqual({ days: 60, creditLimit: 2500.5, invoiceEmail: 'ap@harbour.test' });
    const company = await call(shop.app, 'GET /company/:id', { as: shop.admin, params: { id } });
    expect(company.body.terms).toEqual(set.body);
    const [audit] = await shop.database.db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.kind} = 'company.terms' and ${auditEvents.targetId} = ${id}`);
    expect(audit?.after).toMatchObject({ days: 60, creditLimit: 2500.5 });

    const ended = await call(shop.app, 'DELETE /company/:id/terms', { as: shop.admin, params: { id } });
    expect(ended.body).toEqual({ deletedCount: 1 });
    expect(
      (await call(shop.app, 'GET /company/:id', { as: shop.admin, params: { id } })).body.terms,
    ).toBeNull();
  });
});

describe('checkout by invoice', () => {
  it('confirms the order without a card, issues a numbered invoice due on its terms, and mails its PDF', async () => {
    const { id, companyAdmin, invoiceEmail } = await companyOnTerms(10_000);
    const buyer = await joinCompany(shop, companyAdmin, id, 'buyer');
    const placed = await checkOut(buyer);
    expect(placed.status, placed.text).toBe(201);
    const { order, invoice } = placed.body;
    expect(invoice).toMatchObject({
      orderId: order._id,
      companyId: id,
      poNumber: 'PO-7781',
      termsDays: 30,
      dueOn: daysFromToday(30),
      total: 120,
      paid: 0,
      balance: 120,
      state: 'open',
      overdue: false,
    });
    expect(invoice!.number).toMatch(new RegExp(`^INV-${YEAR}-\\d{5}$`));
    // Paid by its invoice: ready to ship, its transaction the invoice's number.
    expect(order).toMatchObject({ paid: true, state: 'paid', transactionId: invoice!.number });
    expect((await call(shop.app, 'GET /cart', { as: buyer })).body.lines).toEqual([]);
    const asRead = await call(shop.app, 'GET /order/:id/invoice', { as: buyer, params: { id: order._id } });
    expect(asRead.body).toEqual(invoice);

    // The buyer hears the order is paid by its invoice, not asked to pay.
    const placedMail = await mailboxOf(shop).nextMail(buyer.email, { subject: 'We received your order' });
    expect(placedMail.text).toContain(`It is paid by invoice ${invoice!.number}`);
    expect(placedMail.text).not.toContain('Please pay by');
    const mail = await mailboxOf(shop).nextMail(invoiceEmail, { subject: `Invoice ${invoice!.number}` });
    expect(mail.text).toContain(`payable on your terms, Net 30: by ${invoice!.dueOn}`);
    const [attachment] = mail.attachments;
    expect(attachment).toMatchObject({ filename: `${invoice!.number}.pdf`, contentType: 'application/pdf' });
    const text = await pdfText(attachment!.content);
    for (const expected of [
      invoice!.number,
      'PO-7781',
      'Angled Sash Brush',
      'SKU AS-10',
      'Net 30',
      invoice!.dueOn,
      'Brushworks Trade',
      'GB999000111',
      'Not registered: no tax',
      'Balance due',
      '$120',
    ]) {
      expect(text).toContain(expected);
    }

    // The same PDF for the buyer and the company's admin; anyone else hears 404.
    const stranger = await signUpCustomer(shop.app, 'stranger');
    for (const [caller, status] of [
      [buyer, 200],
      [companyAdmin, 200],
      [shop.admin, 200],
      [stranger, 404],
    ] as const) {
      const pdf = await shop.app.inject(
        requestOf('GET /invoice/:id/pdf', { as: caller, params: { id: invoice!.id } }),
      );
      expect(pdf.statusCode).toBe(status);
    }
  });

  it('is refused without terms, and for a viewer: nothing ordered, the cart kept', async () => {
    const { id, companyAdmin } = await companyOnTerms(null);
    const stock = await stockOfBrush();
    const refused = await checkOut(companyAdmin);
    expect(refused.status).toBe(403);
    expect(refused.error.message).toBe('Your company has no payment terms: pay by card');
    expect((await call(shop.app, 'GET /cart', { as: companyAdmin })).body.lines).toHaveLength(1);
    expect(await stockOfBrush()).toBe(stock);
    // A customer of no company has no terms either; by card all is as before.
    const loner = await signUpCustomer(shop.app, 'loner');
    expect((await checkOut(loner)).status).toBe(403);
    const byCard = await checkOut(loner, { paymentMethod: 'card' });
    expect(byCard.status, byCard.text).toBe(201);
    expect(byCard.body.invoice).toBeNull();
    expect(byCard.body.order.state).toBe('unpaid');
    void id;
  });

  it('a retried checkout finds the same order and invoice, and takes no second number', async () => {
    const { companyAdmin } = await companyOnTerms(10_000);
    await call(shop.app, 'PUT /cart/lines', {
      as: companyAdmin,
      body: { lines: [{ toolId: brush, quantity: 10 }] },
    });
    const addressId = await addressOf(companyAdmin);
    const key = randomUUID();
    const send = () =>
      call(shop.app, 'POST /checkout', {
        as: companyAdmin,
        headers: { 'idempotency-key': key },
        body: { addressId, paymentMethod: 'invoice' },
      });
    const first = await send();
    const again = await send();
    expect(first.status, first.text).toBe(201);
    expect(again.body.invoice).toEqual(first.body.invoice);
  });
});

describe('credit', () => {
  it('counts unpaid invoices against the limit and refuses the order that would pass it, to the cent', async () => {
    // Two carts of $120 fit in $250.00; a third would take it $110.00 over.
    const { id, companyAdmin } = await companyOnTerms(250);
    expect((await checkOut(companyAdmin)).status).toBe(201);
    expect((await checkOut(companyAdmin)).status).toBe(201);
    const stock = await stockOfBrush();
    const over = await checkOut(companyAdmin);
    expect(over.status).toBe(409);
    expect(over.error.code).toBe('credit-limit-exceeded');
    expect(over.error.message).toMatch(
      /^This order would take Harbour \w+ Ltd \$110\.00 over its credit limit of \$250\.00 \(\$240\.00 is owed on open invoices\)$/,
    );
    expect(await stockOfBrush()).toBe(stock);
    expect((await call(shop.app, 'GET /cart', { as: companyAdmin })).body.lines).toHaveLength(1);

    // A limit the order reaches exactly is not passed.
    await call(shop.app, 'PUT /company/:id/terms', {
      as: shop.admin,
      params: { id },
      body: { days: 30, creditLimit: 360, invoiceEmail: 'ap@harbour.test' },
    });
    const exactly = await checkOut(companyAdmin);
    expect(exactly.status, exactly.text).toBe(201);
    const statement = await call(shop.app, 'GET /company/:id/statement', {
      as: companyAdmin,
      params: { id },
    });
    expect(statement.body).toMatchObject({ balance: 360, creditAvailable: 0, overdueCount: 0 });
    expect(statement.body.invoices).toHaveLength(3);
  });

  it('an overdue invoice blocks new orders on terms until it is paid', async () => {
    const { id, companyAdmin } = await companyOnTerms(10_000);
    const first = await checkOut(companyAdmin);
    const invoice = first.body.invoice!;
    await shop.database.db
      .update(invoices)
      .set({ dueOn: daysFromToday(-1) })
      .where(eq(invoices.id, invoice.id));

    const blocked = await checkOut(companyAdmin);
    expect(blocked.status).toBe(409);
    expect(blocked.error).toEqual({
      code: 'invoice-overdue',
      message: `Invoice ${invoice.number} was due on ${daysFromToday(-1)}: once it is paid, ${invoice.companyName} can order on terms again`,
    });
    const statement = await call(shop.app, 'GET /company/:id/statement', { as: shop.admin, params: { id } });
    expect(statement.body).toMatchObject({ overdueCount: 1, overdueBalance: 120, balance: 120 });
    expect(statement.body.invoices[0]).toMatchObject({ number: invoice.number, overdue: true });

    const paid = await call(shop.app, 'POST /invoice/:id/payment', {
      as: shop.admin,
      params: { id: invoice.id },
      body: { amount: 120, method: 'bank-transfer', reference: 'BACS 5512' },
    });
    expect(paid.body).toMatchObject({ state: 'paid', balance: 0, overdue: false });
    expect((await checkOut(companyAdmin)).status).toBe(201);
  });
});

describe('payments against an invoice', () => {
  it('are recorded in part and in full, never more than is owed, and the statement balances', async () => {
    const { id, companyAdmin } = await companyOnTerms(10_000);
    const invoice = (await checkOut(companyAdmin)).body.invoice!;
    const pay = (body: {
      amount: number;
      method: 'cheque' | 'bank-transfer';
      reference?: string;
      receivedOn?: string;
    }) => call(shop.app, 'POST /invoice/:id/payment', { as: shop.admin, params: { id: invoice.id }, body });

    const part = await pay({ amount: 50.25, method: 'cheque', reference: 'CHQ 100234', receivedOn: today() });
    expect(part.status, part.text).toBe(201);
    expect(part.body).toMatchObject({ paid: 50.25, balance: 69.75, state: 'open' });
    const tooMuch = await pay({ amount: 69.76, method: 'cheque' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.error.message).toBe(`$69.76 is more than the $69.75 invoice ${invoice.number} still owes`);
    const future = await pay({ amount: 1, method: 'cheque', receivedOn: daysFromToday(2) });
    expect(future.status).toBe(400);
    expect(future.error.message).toBe('The payment cannot be dated after today');
    const rest = await pay({ amount: 69.75, method: 'bank-transfer' });
    expect(rest.body).toMatchObject({ paid: 120, balance: 0, state: 'paid' });
    const again = await pay({ amount: 1, method: 'cheque' });
    expect(again.status).toBe(409);
    expect(again.error.message).toBe(`Invoice ${invoice.number} is already paid`);

    const statement = await call(shop.app, 'GET /company/:id/statement', {
      as: companyAdmin,
      params: { id },
    });
    expect(statement.body).toMatchObject({ balance: 0, creditAvailable: 10_000, overdueCount: 0 });
    expect(
      statement.body.payments.map(({ amount, method, reference, invoiceNumber }) => [
        amount,
        method,
        reference,
        invoiceNumber,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [50.25, 'cheque', 'CHQ 100234', invoice.number],
        [69.75, 'bank-transfer', null, invoice.number],
      ]),
    );
    // The statement is the company admins' and the shop's: a buyer hears 403.
    const buyer = await joinCompany(shop, companyAdmin, id, 'buyer');
    expect((await call(shop.app, 'GET /company/:id/statement', { as: buyer, params: { id } })).status).toBe(
      403,
    );
  });
});

describe('paying an invoice by card', () => {
  const cardIntent = (as: SignedIn, id: string) =>
    call(shop.app, 'POST /invoice/:id/card-intent', { as, params: { id } });
  const confirm = (as: SignedIn, clientSecret: string, card = GOOD_CARD) =>
    call(shop.app, 'POST /payments/demo/confirm', { as, body: { clientSecret, card } });
  const cardPayment = (as: SignedIn, id: string, intentId: string) =>
    call(shop.app, 'POST /invoice/:id/card-payment', { as, params: { id }, body: { intentId } });

  it('is the company admins’: the balance is paid once the processor confirms it, once', async () => {
    const { id, companyAdmin } = await companyOnTerms(10_000);
    const buyer = await joinCompany(shop, companyAdmin, id, 'buyer');
    const invoice = (await checkOut(buyer)).body.invoice!;
    // The buyer reads the invoice and the shop's admin records payments: neither pays it by card.
    for (const other of [buyer, shop.admin]) {
      const refused = await cardIntent(other, invoice.id);
      expect(refused.status).toBe(403);
      expect(refused.error.message).toBe("Only the company's admins pay its invoices by card");
    }
    const stranger = await signUpCustomer(shop.app, 'stranger');
    expect((await cardIntent(stranger, invoice.id)).status).toBe(404);

    const started = await cardIntent(companyAdmin, invoice.id);
    expect(started.status, started.text).toBe(200);
    expect(started.body.amount).toBe(120);
    // A retry (a second tab) answers the same intent.
    expect((await cardIntent(companyAdmin, invoice.id)).body.intentId).toBe(started.body.intentId);

    const unpaid = await cardPayment(companyAdmin, invoice.id, started.body.intentId);
    expect(unpaid.status).toBe(409);
    expect(unpaid.error).toMatchObject({
      code: 'payment-not-verified',
      message: 'The payment has not succeeded (its status is requires_payment_method)',
    });
    expect((await confirm(companyAdmin, started.body.clientSecret, DECLINED_CARD)).status).toBe(402);
    expect((await confirm(companyAdmin, started.body.clientSecret)).status).toBe(200);

    const paid = await cardPayment(companyAdmin, invoice.id, started.body.intentId);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toMatchObject({ number: invoice.number, paid: 120, balance: 0, state: 'paid' });
    // Sent again (a retried request), it answers the same invoice and records nothing more.
    expect((await cardPayment(companyAdmin, invoice.id, started.body.intentId)).body).toEqual(paid.body);
    const statement = await call(shop.app, 'GET /company/:id/statement', {
      as: companyAdmin,
      params: { id },
    });
    expect(statement.body).toMatchObject({ balance: 0, creditAvailable: 10_000 });
    expect(
      statement.body.payments.map(({ amount, method, reference }) => [amount, method, reference]),
    ).toEqual([[120, 'card', started.body.intentId]]);
    const again = await cardIntent(companyAdmin, invoice.id);
    expect(again.status).toBe(409);
    expect(again.error.message).toBe(`Invoice ${invoice.number} is already paid`);
  });

  it('a card payment the invoice no longer owes (a transfer recorded meanwhile) is refunded and refused', async () => {
    const { companyAdmin } = await companyOnTerms(10_000);
    const invoice = (await checkOut(companyAdmin)).body.invoice!;
    const stale = (await cardIntent(companyAdmin, invoice.id)).body;
    const transfer = await call(shop.app, 'POST /invoice/:id/payment', {
      as: shop.admin,
      params: { id: invoice.id },
      body: { amount: 20, method: 'bank-transfer' },
    });
    expect(transfer.body.balance).toBe(100);
    expect((await confirm(companyAdmin, stale.clientSecret)).status).toBe(200);
    const refused = await cardPayment(companyAdmin, invoice.id, stale.intentId);
    expect(refused.status).toBe(409);
    expect(refused.error.code).toBe('payment-refunded');
    expect(refused.error.message).toBe(
      `$120.00 is more than the $100.00 invoice ${invoice.number} still owes: your card payment was refunded`,
    );
    const [intent] = await shop.database.db
      .select()
      .from(demoPaymentIntents)
      .where(eq(demoPaymentIntents.id, stale.intentId));
    expect(intent?.refundId).toMatch(/^re_demo_/);
    // The new balance gets an intent of its own, which pays it.
    const fresh = (await cardIntent(companyAdmin, invoice.id)).body;
    expect(fresh).toMatchObject({ amount: 100 });
    expect(fresh.intentId).not.toBe(stale.intentId);
    await confirm(companyAdmin, fresh.clientSecret);
    expect((await cardPayment(companyAdmin, invoice.id, fresh.intentId)).body).toMatchObject({
      paid: 120,
      state: 'paid',
    });
  });

  it('only an intent started for this invoice pays it; an invoice’s intent pays no order', async () => {
    const { companyAdmin } = await companyOnTerms(10_000);
    const first = (await checkOut(companyAdmin)).body;
    const second = (await checkOut(companyAdmin)).body.invoice!;
    const intent = (await cardIntent(companyAdmin, first.invoice!.id)).body;
    await confirm(companyAdmin, intent.clientSecret);
    const elsewhere = await cardPayment(companyAdmin, second.id, intent.intentId);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.error.message).toBe('This payment was made for something else');
    const unknown = await cardPayment(companyAdmin, second.id, 'pi_demo_unknown');
    expect(unknown.error.message).toBe('The payment provider knows no such payment');
    const asOrder = await call(shop.app, 'PATCH /order/:id', {
      as: companyAdmin,
      params: { id: first.order._id },
      body: { tools: first.order._id, transactionId: intent.intentId },
    });
    expect(asOrder.status).toBe(409);
    expect((await cardPayment(companyAdmin, first.invoice!.id, intent.intentId)).body.state).toBe('paid');
    expect((await cardPayment(companyAdmin, second.id, intent.intentId)).status).toBe(409);
  });
});

describe('cancelling an order paid by invoice', () => {
  it('voids its invoice, returns the stock, reverses its tax and frees the credit; no card refund', async () => {
    const { id, companyAdmin } = await companyOnTerms(200);
    const placed = await checkOut(companyAdmin);
    const stock = await stockOfBrush();
    const cancelled = await adminCancel(shop.app, shop.admin, placed.body.order._id);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toMatchObject({ state: 'refunded' });
    expect(await stockOfBrush()).toBe(stock + 10);
    const invoice = await call(shop.app, 'GET /order/:id/invoice', {
      as: companyAdmin,
      params: { id: placed.body.order._id },
    });
    expect(invoice.body).toMatchObject({ state: 'void', balance: 0 });
    const payment = await call(shop.app, 'POST /invoice/:id/payment', {
      as: shop.admin,
      params: { id: invoice.body.id },
      body: { amount: 1, method: 'cheque' },
    });
    expect(payment.status).toBe(409);
    // The whole limit is free again.
    expect(
      (await call(shop.app, 'GET /company/:id/statement', { as: companyAdmin, params: { id } })).body,
    ).toMatchObject({
      balance: 0,
      creditAvailable: 200,
    });
  });
});

describe('an order awaiting approval', () => {
  it('is paid by invoice once approved, on the payment page’s POST /order/{id}/invoice', async () => {
    const { id, companyAdmin } = await companyOnTerms(10_000);
    const buyer = await joinCompany(shop, companyAdmin, id, 'buyer', 50);
    const placed = await checkOut(buyer);
    expect(placed.status, placed.text).toBe(201);
    expect(placed.body.invoice).toBeNull();
    expect(placed.body.order.approvalState).toBe('awaiting');
    const orderId = placed.body.order._id;
    const early = await call(shop.app, 'POST /order/:id/invoice', { as: buyer, params: { id: orderId } });
    expect(early.status).toBe(409);
    expect(early.error.message).toBe("This order is waiting for your company's approval");

    await call(shop.app, 'POST /order/:id/approve', { as: companyAdmin, params: { id: orderId } });
    const invoiced = await call(shop.app, 'POST /order/:id/invoice', { as: buyer, params: { id: orderId } });
    expect(invoiced.status, invoiced.text).toBe(201);
    expect(invoiced.body).toMatchObject({ orderId, state: 'open', total: 120 });
    const twice = await call(shop.app, 'POST /order/:id/invoice', { as: buyer, params: { id: orderId } });
    expect(twice.status).toBe(409);
    expect(twice.error.message).toBe('This order has already been paid');
  });
});

describe('invoice numbers', () => {
  it('are gap-free under concurrent checkouts, the credit never spent twice', async () => {
    // Credit for 5 carts of $120; 8 buyers check out at once.
    const { id, companyAdmin } = await companyOnTerms(600);
    const buyers = await Promise.all(
      Array.from({ length: 8 }, () => joinCompany(shop, companyAdmin, id, 'buyer')),
    );
    for (const buyer of buyers) {
      await call(shop.app, 'PUT /cart/lines', {
        as: buyer,
        body: { lines: [{ toolId: brush, quantity: 10 }] },
      });
    }
    const addresses = await Promise.all(buyers.map(addressOf));
    const results = await Promise.all(
      buyers.map((buyer, i) =>
        call(shop.app, 'POST /checkout', {
          as: buyer,
          headers: { 'idempotency-key': randomUUID() },
          body: { addressId: addresses[i]!, paymentMethod: 'invoice' },
        }),
      ),
    );
    const placed = results.filter((result) => result.status === 201);
    expect(placed).toHaveLength(5);
    expect(results.filter((result) => result.status === 409).map((result) => result.error.code)).toEqual(
      Array(3).fill('credit-limit-exceeded'),
    );
    // Every number of the year so far, in order: 1, 2, 3, ... with none missing.
    const issued = await shop.database.db
      .select({ sequence: invoices.sequence })
      .from(invoices)
      .where(eq(invoices.year, YEAR))
      .orderBy(invoices.sequence);
    expect(issued.map((row) => row.sequence)).toEqual(issued.map((_, i) => i + 1));
  });
});

describe('reminders', () => {
  it('go once before the due date and once after it, to the invoice address, and not for a paid invoice', async () => {
    const { companyAdmin, invoiceEmail } = await companyOnTerms(10_000);
    const soon = (await checkOut(companyAdmin)).body.invoice!;
    const late = (await checkOut(companyAdmin)).body.invoice!;
    const paid = (await checkOut(companyAdmin)).body.invoice!;
    const { db } = shop.database;
    await db
      .update(invoices)
      .set({ dueOn: daysFromToday(2) })
      .where(eq(invoices.id, soon.id));
    await db
      .update(invoices)
      .set({ dueOn: daysFromToday(-3) })
      .where(eq(invoices.id, late.id));
    await db
      .update(invoices)
      .set({ dueOn: daysFromToday(-3) })
      .where(eq(invoices.id, paid.id));
    await call(shop.app, 'POST /invoice/:id/payment', {
      as: shop.admin,
      params: { id: paid.id },
      body: { amount: 120, method: 'bank-transfer' },
    });

    await remindInvoices(db, { dueSoonDays: 3 });
    expect(await remindInvoices(db, { dueSoonDays: 3 })).toBe(0);
    await shop.app.jobs.trigger('order-mail');
    const mailbox = mailboxOf(shop);
    const dueSoon = await mailbox.nextMail(invoiceEmail, { subject: `Reminder: invoice ${soon.number}` });
    expect(dueSoon.text).toContain(`is due on ${daysFromToday(2)}; $120 of it is unpaid`);
    const overdue = await mailbox.nextMail(invoiceEmail, { subject: `Overdue: invoice ${late.number}` });
    expect(overdue.text).toContain('cannot order on terms');
    await expect(
      mailbox.nextMail(invoiceEmail, { subject: `invoice ${paid.number} was due`, timeoutMs: 1500 }),
    ).rejects.toThrow();
  });
});
