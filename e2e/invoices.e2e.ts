import { readFile } from 'node:fs/promises';
import type { Browser, Download, Locator, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dollarsToCents, formatUnitPrice } from '@shop/shared/money';
import {
  apiExpect,
  asAdmin,
  createTool as createShopTool,
  isCall,
  removeTools,
  routeOf,
  unique,
  type TestUser,
} from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { hasChromium } from './helpers/context';
import { nextMailTo } from './helpers/mail';
import { fillDemoCard } from './helpers/payment';
import { atPhoneWidth, cardOf, checkThenPhone, expectNoSidewaysScroll, tap } from './helpers/phone';
import { giveTerms, openCompany } from './helpers/trade';
import { dashboardMenu } from './helpers/ui';
import { atPath, eventually, exactly, gone, seeToast, shown, textsOf } from './helpers/wait';

/**
 * docs/behaviour.md §5.23 (invoices on terms, decision 0043), in the browser: the shop's admin
 * approves a company and gives it Net 30 terms with a credit limit and an invoice address on the
 * back-office company page; the company's admin checks out by invoice with a PO number, and the
 * order page opens paid, with its invoice; the invoice's mail reaches the invoice address with its
 * PDF, which holds the number, the PO, the line and the total; the company's statement lists it
 * open, and its PDF downloads; the shop's admin records the payment in full from the back office's
 * statement, and the company's statement then owes nothing and lists the payment; the company's
 * admin pays a second invoice by card from the statement (the demo processor's good card). An order
 * that would pass the credit limit is refused at checkout with the API's words, the cart kept. Then
 * the terms, checkout, the order, the statement, Record payment and Pay by card at 390 px.
 *
 * The tool: 10 at $7 with $12.50 shipping, $82.50 in all (cents, so that the PDF's total is
 * unmistakable). No journey leaves the shop registered for tax (tax.e2e.ts ends its own), and the
 * companies' addresses are in Great Britain: no tax.
 */

/** An element's text as read, its white space collapsed. */
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** An amount as the invoices' pages write it: '$5,000.00'. */
const amount = (dollars: number) => formatUnitPrice(dollarsToCents(dollars));

/** The value beside a term of a definition list: 'Balance' → '$82.50'. */
const fact = (scope: Page | Locator, term: string) =>
  scope.locator('dt', { hasText: exactly(term) }).locator('xpath=following-sibling::dd[1]');

/**
 * A figure of a statement's summary (Terms, Balance, Credit available): its first list, before the
 * invoices, whose cards on a phone have a Balance of their own.
 */
const figure = (statement: Locator, term: string) => fact(statement.locator('dl').first(), term);

/** The company admins' statement page (its section, named by its heading). */
const statementPage = (page: Page, companyName: string) =>
  page.getByRole('region', { name: `Statement: ${companyName}` });

/** This file's tools, taken out of the shop after it (removeTools). */
const toolIds: string[] = [];

/** 10 at $7 with $12.50 shipping: $82.50 an order. */
async function invoicedTool() {
  const tool = await createShopTool({
    name: `Net Roller ${unique()}`,
    orderQuantity: 10,
    perPartsPrice: 7,
    shipPrice: 12.5,
  });
  toolIds.push(tool._id);
  return tool;
}
const ORDER_TOTAL = 82.5;

/** The day `days` after an instant's UTC day, as YYYY-MM-DD: an invoice's due date (§5.23). */
const utcDayPlus = (iso: string, days: number) =>
  new Date(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A PDF's text, its pages merged (the API's tests read the invoice the same way). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return squeeze(text);
}

/** A download's bytes: it must be a PDF. */
async function downloadedPdf(download: Download): Promise<Buffer> {
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return bytes;
}

/** A toast whose whole text matches: 'Order placed: invoice INV-2026-00042 e-mailed'. */
const toastMatching = (page: Page, pattern: RegExp) =>
  page.getByRole('status').filter({ hasText: pattern }).last();

const INVOICE_NUMBER = /INV-\d{4}-\d{5}/;

/**
 * A company of a customer with an address in their book (trade.ts), approved through the API
 * unless `approve` is false (the main story approves it on screen).
 */
const joinery = (firstName: string, { approve = true } = {}) =>
  openCompany(firstName, {
    name: `${firstName} Joinery ${unique()} Ltd`,
    address: { line1: `${unique()} Mortise Row`, phone: '+44 113 496 0003' },
    approve,
  });

/** The cart holds `quantity` of the tool, set through the API (the main story fills it on screen). */
const fillCart = (person: TestUser, toolId: string, quantity = 10) =>
  apiExpect(200, 'PUT /cart/lines', { as: person, body: { lines: [{ toolId, quantity }] } });

/** An order of the tool on the company's terms, placed through the API: its open invoice. */
async function invoicedOrder(person: TestUser, toolId: string) {
  await fillCart(person, toolId);
  const placed = await apiExpect(201, 'POST /checkout', {
    as: person,
    headers: { 'idempotency-key': `invoiced-${unique()}` },
    body: {
      addressId: (await apiExpect(200, 'GET /address', { as: person }))[0]!._id,
      paymentMethod: 'invoice',
    },
  });
  expect(placed.invoice).toMatchObject({ balance: ORDER_TOTAL, state: 'open' });
  return placed.invoice!;
}

/** The statement's record of a card payment of the invoice: the call a page waits for. */
const cardPaymentRecorded = (page: Page, invoiceId: string) =>
  page.waitForResponse((response) =>
    isCall(response, routeOf('POST /invoice/:id/card-payment', { params: { id: invoiceId } })),
  );

/** A unique invoice address: the mail sink is shared by the whole run. */
const invoiceAddress = () => `accounts-${unique()}@e2e.test`;

/** A shop admin's token, once per file. */
let shopAdmin: { token: string };

describe.skipIf(!hasChromium)('invoices on terms', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    shopAdmin = await asAdmin();
  });
  afterAll(async () => {
    await browser?.close();
    await removeTools(toolIds.splice(0));
  });

  // The story's people and things, made as it goes.
  let owner: TestUser;
  let companyName: string;
  let companyId: string;
  let addressLine: string;
  let invoiceEmail: string;
  let tool: Awaited<ReturnType<typeof invoicedTool>>;
  let orderId: string;
  let invoiceNumber: string;
  let dueOn: string;
  const poNumber = `PO-${unique().slice(-8).toUpperCase()}`;

  it('the admin approves a company and gives it Net 30, a $5,000 credit limit and an invoice address on its back-office page', async () => {
    ({ owner, name: companyName, id: companyId, addressLine } = await joinery('Ivo', { approve: false }));
    invoiceEmail = invoiceAddress();

    const admin = await startJourney(browser, 'invoices-terms', shopAdmin);
    const { page } = admin;
    await page.goto('/dashboard');
    await dashboardMenu(page).getByRole('link', { name: 'Companies', exact: true }).click();
    await atPath(page, '/dashboard/companies');
    await page.getByLabel('Search by name or tax number').fill(companyName);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page
      .getByRole('region', { name: 'Companies' })
      .getByRole('row')
      .filter({ hasText: companyName })
      .getByRole('link', { name: `Open ${companyName}` })
      .click();
    await atPath(page, `/dashboard/companies/${companyId}`);
    await page.getByRole('button', { name: 'Approve' }).click();
    await seeToast(page, 'Trade account approved');

    // No terms yet: buyers pay by card.
    const terms = page.getByRole('region', { name: 'Payment terms' });
    await shown(terms.getByText('No terms: buyers pay by card', { exact: true }));
    const form = terms.getByRole('form', { name: 'Give payment terms' });
    expect(await form.getByLabel('Terms', { exact: true }).inputValue()).toBe('30');
    await form.getByLabel('Terms', { exact: true }).selectOption({ label: 'Net 30' });
    await form.getByLabel('Credit limit ($)').fill('5000');
    await form.getByLabel('Invoice e-mail').fill(invoiceEmail);
    await form.getByRole('button', { name: 'Save payment terms' }).click();
    const summary = `Net 30 · credit limit $5,000.00 · invoices to ${invoiceEmail}`;
    await seeToast(page, `Payment terms saved: ${summary}`);
    await shown(terms.getByText(summary, { exact: true }));
    // The form now changes them, from what was saved; they can be ended.
    const change = terms.getByRole('form', { name: 'Change the terms' });
    await shown(change);
    expect(await change.getByLabel('Credit limit ($)').inputValue()).toBe('5000');
    await shown(terms.getByRole('button', { name: 'End terms' }));
    // The statement: nothing owed, nothing invoiced.
    const statement = page.getByRole('region', { name: 'Statement' });
    await shown(statement.getByText('No invoices yet.'));
    expect(await figure(statement, 'Balance').innerText()).toBe('$0.00');
    expect(await figure(statement, 'Credit available').innerText()).toBe('$5,000.00');
    await admin.checkScreen('backoffice-terms');
    expect(
      await apiExpect(200, 'GET /company/:id', { as: shopAdmin, params: { id: companyId } }),
    ).toMatchObject({ terms: { days: 30, creditLimit: 5000, invoiceEmail } });
    await admin.close();

    // The company's page tells its admin.
    const journey = await startJourney(browser, 'invoices-company', { token: owner.token });
    await journey.page.goto('/dashboard/company');
    await shown(
      journey.page.getByText(`${summary}. Buyers may pay by invoice, due 30 days after the order.`, {
        exact: true,
      }),
    );
    await journey.close();
  });

  it("the company's admin checks out by invoice with a PO number; the order opens paid with its invoice", async () => {
    tool = await invoicedTool();
    const journey = await startJourney(browser, 'invoices-checkout', { token: owner.token });
    const { page } = journey;

    await page.goto(`/tools/${tool._id}`);
    const add = page.getByRole('form', { name: `Add ${tool.name} to your cart` });
    await add.getByLabel('Quantity to add', { exact: true }).fill('10');
    await add.getByRole('button', { name: 'Add to cart' }).click();
    await shown(add.getByRole('status').getByText('Added: your cart holds 10.'));
    await page.goto('/cart');
    const cartSummary = page.getByRole('region', { name: 'Order summary' });
    await eventually(async () => squeeze(await cartSummary.locator('dl').innerText())).toBe(
      'Items $70 Shipping $12.50 Total $82.50',
    );
    await cartSummary.getByRole('link', { name: 'Check out' }).click();
    await atPath(page, '/checkout');

    // The billing address from the book, a PO number, and the invoice instead of the card.
    const address = page
      .getByRole('group', { name: 'Choose the address to ship to' })
      .getByRole('radio', { name: new RegExp(addressLine) });
    await address.check();
    expect(await address.isChecked()).toBe(true);
    await page.getByLabel('PO number (optional)').fill(poNumber);
    const payment = page.getByRole('group', { name: 'Payment' });
    const byCard = payment.getByRole('radio', { name: 'Pay by card' });
    const byInvoice = payment.getByRole('radio', { name: 'Pay by invoice (Net 30)' });
    expect(await byCard.isChecked()).toBe(true);
    await shown(payment.getByText(`Invoice e-mailed to ${invoiceEmail}, due 30 days after the order`));
    await byInvoice.check();
    expect(await byCard.isChecked()).toBe(false);
    await eventually(async () =>
      squeeze(await page.getByRole('region', { name: 'Your order' }).locator('dl').first().innerText()),
    ).toBe('Items $70 Shipping $12.50 Tax $0 Not registered: no tax Total $82.50');
    await journey.checkScreen('checkout-invoice');
    expect(await byInvoice.isChecked()).toBe(true);

    await page.getByRole('button', { name: 'Place order' }).click();
    const placed = await shown(toastMatching(page, /^\s*Order placed: invoice INV-\d{4}-\d{5} e-mailed\s*$/));
    invoiceNumber = INVOICE_NUMBER.exec(await placed.innerText())![0];
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/orders/'));
    orderId = new URL(page.url()).pathname.split('/').pop()!;

    // The invoice as the API holds it: due 30 days after the day it was issued (UTC).
    const invoice = await apiExpect(200, 'GET /order/:id/invoice', { as: owner, params: { id: orderId } });
    dueOn = invoice.dueOn;
    expect(invoice).toMatchObject({
      number: invoiceNumber,
      orderId,
      companyId,
      poNumber,
      termsDays: 30,
      total: ORDER_TOTAL,
      paid: 0,
      balance: ORDER_TOTAL,
      state: 'open',
      overdue: false,
    });
    expect(dueOn).toBe(utcDayPlus(invoice.issuedAt, 30));

    // The order's page: paid, by the invoice, which is named with its due date and balance.
    await shown(
      page.getByText(`Invoice ${invoiceNumber} · due ${dueOn} · balance ${amount(ORDER_TOTAL)}`, {
        exact: true,
      }),
    );
    await shown(fact(page, 'Status').getByText('Paid', { exact: true }));
    expect(await fact(page, 'Transaction Id').innerText()).toBe(invoiceNumber);
    expect(await fact(page, 'PO number').innerText()).toBe(poNumber);
    expect(await page.getByRole('link', { name: 'Pay', exact: true }).count()).toBe(0);
    await journey.checkScreen('order-invoiced');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download invoice PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
    expect(await pdfText(await downloadedPdf(download))).toContain(invoiceNumber);
    expect(await apiExpect(200, 'GET /order/:id', { as: owner, params: { id: orderId } })).toMatchObject({
      paid: true,
      state: 'paid',
      transactionId: invoiceNumber,
      price: ORDER_TOTAL,
    });
    // The cart is empty.
    expect((await apiExpect(200, 'GET /cart', { as: owner })).lines).toEqual([]);
    await journey.close();
  });

  it('the invoice reaches the invoice address with its PDF: number, PO, line and total', async () => {
    const mail = await nextMailTo(invoiceEmail, `Invoice ${invoiceNumber} from Brushworks, due ${dueOn}`);
    expect(mail.text).toContain(`Your PO number: ${poNumber}`);
    const pdfs = mail.attachments.filter((attachment) => attachment.contentType === 'application/pdf');
    expect(pdfs.map((attachment) => attachment.filename)).toEqual([`${invoiceNumber}.pdf`]);
    const text = await pdfText(pdfs[0]!.content);
    for (const expected of [invoiceNumber, poNumber, tool.name, tool.sku, 'Net 30', dueOn, companyName]) {
      expect(text, `the invoice PDF holds '${expected}'`).toContain(expected);
    }
    expect(text).toMatch(/Total \$82\.50/);
    expect(text).toMatch(/Balance due \$82\.50/);
  });

  it("the company's admin reads the statement: the invoice open, its balance owed, its PDF downloaded", async () => {
    const journey = await startJourney(browser, 'invoices-statement', { token: owner.token });
    const { page } = journey;
    await page.goto('/dashboard/company');
    await page.getByRole('link', { name: 'Statement: invoices, payments and balance' }).click();
    await atPath(page, '/dashboard/company/statement');
    const statement = statementPage(page, companyName);
    await shown(statement.getByRole('heading', { level: 2, name: `Statement: ${companyName}` }));
    const row = page
      .getByRole('region', { name: `Invoices of ${companyName}` })
      .getByRole('row')
      .filter({ hasText: invoiceNumber });
    await shown(row);
    const cells = await textsOf(row.getByRole('cell'));
    expect(cells[1]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect([cells[0], ...cells.slice(2, -1)]).toEqual([
      invoiceNumber,
      dueOn,
      '$82.50',
      '$0.00',
      '$82.50',
      'Open',
    ]);
    await shown(row.getByRole('button', { name: `Download PDF of ${invoiceNumber}` }));
    await shown(row.getByRole('button', { name: `Pay ${invoiceNumber} by card` }));
    expect(await figure(statement, 'Terms').innerText()).toBe(
      `Net 30 · credit limit $5,000.00 · invoices to ${invoiceEmail}`,
    );
    expect(await figure(statement, 'Balance').innerText()).toBe('$82.50');
    expect(await figure(statement, 'Credit available').innerText()).toBe('$4,917.50');
    await shown(page.getByText('No payments received yet.'));
    await journey.checkScreen('statement-open');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Download PDF of ${invoiceNumber}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
    const text = await pdfText(await downloadedPdf(download));
    expect(text).toContain(invoiceNumber);
    expect(text).toMatch(/Balance due \$82\.50/);
    await journey.close();
  });

  it("the shop's admin records the payment in full from the back office; the company's statement owes nothing and lists it", async () => {
    const reference = `BACS-${unique().slice(-8).toUpperCase()}`;
    const admin = await startJourney(browser, 'invoices-record-payment', shopAdmin);
    const adminPage = admin.page;
    await adminPage.goto(`/dashboard/companies/${companyId}`);
    const backOffice = adminPage.getByRole('region', { name: 'Statement' });
    const row = backOffice
      .getByRole('region', { name: `Invoices of ${companyName}` })
      .getByRole('row')
      .filter({ hasText: invoiceNumber });
    await shown(row.getByText('Open', { exact: true }));
    expect(await figure(backOffice, 'Balance').innerText()).toBe('$82.50');
    await admin.checkScreen('backoffice-statement-open');

    await row.getByRole('button', { name: `Record payment for ${invoiceNumber}` }).click();
    const dialog = adminPage.getByRole('dialog', { name: `Record a payment for ${invoiceNumber}` });
    await shown(dialog);
    await shown(dialog.getByText(`${companyName} owes $82.50 of $82.50, due ${dueOn}.`));
    // The balance, unless told otherwise.
    expect(await dialog.getByLabel('Amount ($)').inputValue()).toBe('82.5');
    await dialog.getByLabel('Method').selectOption({ label: 'Bank transfer' });
    await dialog.getByLabel('Reference (optional)').fill(reference);
    await admin.checkScreen('record-payment');
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await seeToast(adminPage, `Payment recorded: ${invoiceNumber} is paid`);
    await gone(dialog);
    await shown(row.getByText('Paid', { exact: true }));
    await gone(row.getByRole('button', { name: `Record payment for ${invoiceNumber}` }));
    expect(await figure(backOffice, 'Balance').innerText()).toBe('$0.00');
    await shown(
      backOffice
        .getByRole('region', { name: `Payments of ${companyName}` })
        .getByRole('row')
        .filter({ hasText: reference }),
    );
    await admin.checkScreen('backoffice-statement-paid');
    await admin.close();

    // The company's admin, on the statement: nothing owed, the payment listed, the credit whole.
    const journey = await startJourney(browser, 'invoices-statement-paid', { token: owner.token });
    const { page } = journey;
    await page.goto('/dashboard/company/statement');
    const statement = statementPage(page, companyName);
    await shown(statement.getByRole('heading', { level: 2, name: `Statement: ${companyName}` }));
    const invoiceRow = page
      .getByRole('region', { name: `Invoices of ${companyName}` })
      .getByRole('row')
      .filter({ hasText: invoiceNumber });
    await shown(invoiceRow.getByText('Paid', { exact: true }));
    expect((await textsOf(invoiceRow.getByRole('cell'))).slice(3, 7)).toEqual([
      '$82.50',
      '$82.50',
      '$0.00',
      'Paid',
    ]);
    expect(await figure(statement, 'Balance').innerText()).toBe('$0.00');
    expect(await figure(statement, 'Credit available').innerText()).toBe('$5,000.00');
    const paymentRow = page
      .getByRole('region', { name: `Payments of ${companyName}` })
      .getByRole('row')
      .filter({ hasText: invoiceNumber });
    await shown(paymentRow);
    const paymentCells = await textsOf(paymentRow.getByRole('cell'));
    expect(paymentCells[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(paymentCells.slice(1)).toEqual([invoiceNumber, 'Bank transfer', reference, '$82.50']);
    await journey.checkScreen('statement-paid');

    // The order's page: the invoice paid in full.
    await page.goto(`/dashboard/orders/${orderId}`);
    await shown(page.getByText(`Invoice ${invoiceNumber} · due ${dueOn} · paid in full`, { exact: true }));
    await journey.close();

    const held = await apiExpect(200, 'GET /company/:id/statement', { as: owner, params: { id: companyId } });
    expect(held).toMatchObject({ balance: 0, creditAvailable: 5000, overdueCount: 0 });
    expect(
      held.invoices.map(({ number, state, paid, balance }) => ({ number, state, paid, balance })),
    ).toEqual([{ number: invoiceNumber, state: 'paid', paid: ORDER_TOTAL, balance: 0 }]);
    expect(held.payments.map(({ amount: paid, method, reference: ref }) => ({ paid, method, ref }))).toEqual([
      { paid: ORDER_TOTAL, method: 'bank-transfer', ref: reference },
    ]);
  });

  it("the company's admin pays a second invoice by card from the statement; it is paid and the payment listed as Card", async () => {
    const owed = await invoicedOrder(owner, tool._id);
    const journey = await startJourney(browser, 'invoices-pay-by-card', { token: owner.token });
    const { page } = journey;
    await page.goto('/dashboard/company/statement');
    const statement = statementPage(page, companyName);
    const invoices = page.getByRole('region', { name: `Invoices of ${companyName}` });
    const row = invoices.getByRole('row').filter({ hasText: owed.number });
    await shown(row.getByText('Open', { exact: true }));
    expect(await figure(statement, 'Balance').innerText()).toBe('$82.50');
    // The first invoice, paid by transfer, offers no card.
    expect(
      await invoices
        .getByRole('row')
        .filter({ hasText: invoiceNumber })
        .getByRole('button', { name: /by card/ })
        .count(),
    ).toBe(0);

    await row.getByRole('button', { name: `Pay ${owed.number} by card` }).click();
    const dialog = page.getByRole('dialog', { name: `Pay ${owed.number} by card` });
    await shown(dialog);
    await shown(
      dialog.getByText(`Amount: $82.50, what ${owed.number} still owes of $82.50, due ${owed.dueOn}.`, {
        exact: true,
      }),
    );
    await shown(dialog.getByText(/Demo payments: nothing is charged/));
    await fillDemoCard(dialog);
    await journey.checkScreen('pay-by-card');
    const recorded = cardPaymentRecorded(page, owed.id);
    await dialog.getByRole('button', { name: 'make the payment' }).click();
    expect((await recorded).status()).toBe(200);
    await seeToast(page, `${owed.number} paid by card`);
    await gone(dialog);

    // The statement, read again: the invoice paid, nothing owed, the card payment listed.
    await shown(row.getByText('Paid', { exact: true }));
    await gone(row.getByRole('button', { name: `Pay ${owed.number} by card` }));
    expect((await textsOf(row.getByRole('cell'))).slice(3, 7)).toEqual(['$82.50', '$82.50', '$0.00', 'Paid']);
    expect(await figure(statement, 'Balance').innerText()).toBe('$0.00');
    expect(await figure(statement, 'Credit available').innerText()).toBe('$5,000.00');
    const paymentRow = page
      .getByRole('region', { name: `Payments of ${companyName}` })
      .getByRole('row')
      .filter({ hasText: owed.number });
    await shown(paymentRow);
    const paymentCells = await textsOf(paymentRow.getByRole('cell'));
    expect(paymentCells.slice(1)).toEqual([
      owed.number,
      'Card',
      expect.stringMatching(/^pi_demo_\w+$/),
      '$82.50',
    ]);
    await journey.checkScreen('statement-paid-by-card');
    await journey.close();

    // As the API holds it: paid by card, the intent the card paid its reference.
    const held = await apiExpect(200, 'GET /company/:id/statement', { as: owner, params: { id: companyId } });
    expect(held.invoices.find((invoice) => invoice.id === owed.id)).toMatchObject({
      state: 'paid',
      paid: ORDER_TOTAL,
      balance: 0,
    });
    expect(held.payments.filter((payment) => payment.invoiceId === owed.id)).toEqual([
      expect.objectContaining({ method: 'card', amount: ORDER_TOTAL, reference: paymentCells[3] }),
    ]);
  });

  it('an order that would pass the credit limit is refused at checkout with the amount over; the cart and the stock stay', async () => {
    const company = await joinery('Cora');
    const limitTool = await invoicedTool();
    await giveTerms(company, { days: 15, creditLimit: 100, invoiceEmail: invoiceAddress() });
    // A first order on terms, through the API: $82.50 owed of the $100.
    await fillCart(company.owner, limitTool._id);
    const first = await apiExpect(201, 'POST /checkout', {
      as: company.owner,
      headers: { 'idempotency-key': `first-${unique()}` },
      body: {
        addressId: (await apiExpect(200, 'GET /address', { as: company.owner }))[0]!._id,
        paymentMethod: 'invoice',
      },
    });
    expect(first.invoice).toMatchObject({ balance: ORDER_TOTAL, state: 'open' });
    await fillCart(company.owner, limitTool._id);
    const stockBefore = (await apiExpect(200, 'GET /tool/:id', { params: { id: limitTool._id } }))
      .availableQuantity;

    const journey = await startJourney(browser, 'invoices-credit-limit', { token: company.owner.token });
    const { page } = journey;
    await page.goto('/checkout');
    const byInvoice = page.getByRole('radio', { name: 'Pay by invoice (Net 15)' });
    await shown(byInvoice);
    await byInvoice.check();
    await eventually(async () =>
      squeeze(await page.getByRole('region', { name: 'Your order' }).locator('dl').first().innerText()),
    ).toContain('Total $82.50');
    await page.getByRole('button', { name: 'Place order' }).click();
    // $82.50 owed and $82.50 more is $165.00: $65.00 over the $100.00.
    await shown(
      page
        .getByRole('alert')
        .getByText(
          `This order would take ${company.name} $65.00 over its credit limit of $100.00 ($82.50 is owed on open invoices)`,
          { exact: true },
        ),
    );
    await atPath(page, '/checkout');
    expect(await byInvoice.isChecked()).toBe(true);
    await shown(page.getByRole('list', { name: 'Tools in this order' }).getByText(limitTool.name));
    await journey.checkScreen('checkout-credit-refused');
    await journey.close();

    // Nothing ordered: the cart as it was, the stock untouched, one order and one invoice.
    const cart = await apiExpect(200, 'GET /cart', { as: company.owner });
    expect(cart.lines.map((line) => [line.toolId, line.quantity])).toEqual([[limitTool._id, 10]]);
    expect((await apiExpect(200, 'GET /tool/:id', { params: { id: limitTool._id } })).availableQuantity).toBe(
      stockBefore,
    );
    const orders = await apiExpect(200, 'GET /my-order', {
      as: company.owner,
      query: { email: company.owner.email },
    });
    expect(orders.map((order) => order._id)).toEqual([first.insertedId]);
    const statement = await apiExpect(200, 'GET /company/:id/statement', {
      as: company.owner,
      params: { id: company.id },
    });
    expect(statement).toMatchObject({ balance: ORDER_TOTAL, creditAvailable: 17.5 });
    expect(statement.invoices).toHaveLength(1);
  });
});

describe.skipIf(!hasChromium)('invoices on terms on a phone (390 px)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    shopAdmin = await asAdmin();
  });
  afterAll(async () => {
    await browser?.close();
    await removeTools(toolIds.splice(0));
  });

  // The story's company and its invoice, made as it goes: one step per test, each a thumb's reach.
  let owner: TestUser;
  let name: string;
  let companyId: string;
  let invoiceEmail: string;
  let invoiceNumber: string;

  it('the admin gives a company Net 60 terms on its back-office page, every action in reach', async () => {
    ({ owner, name, id: companyId } = await joinery('Pim'));
    invoiceEmail = invoiceAddress();
    const admin = await startJourney(browser, 'invoices-terms-phone', shopAdmin);
    const { page } = admin;
    await atPhoneWidth(page);
    await page.goto(`/dashboard/companies/${companyId}`);
    const terms = page.getByRole('region', { name: 'Payment terms' });
    const form = terms.getByRole('form', { name: 'Give payment terms' });
    await shown(form);
    await form.getByLabel('Terms', { exact: true }).selectOption({ label: 'Net 60' });
    await form.getByLabel('Credit limit ($)').fill('2500');
    await form.getByLabel('Invoice e-mail').fill(invoiceEmail);
    await expectNoSidewaysScroll(page);
    await tap(page, form.getByRole('button', { name: 'Save payment terms' }));
    const summary = `Net 60 · credit limit $2,500.00 · invoices to ${invoiceEmail}`;
    await seeToast(page, `Payment terms saved: ${summary}`);
    await shown(terms.getByText(summary, { exact: true }));
    await shown(terms.getByRole('button', { name: 'End terms' }));
    await expectNoSidewaysScroll(page);
    await admin.close();
  });

  it("the company's admin pays by invoice at checkout and downloads it from the order's page, every action in reach", async () => {
    const tool = await invoicedTool();
    await fillCart(owner, tool._id);
    const journey = await startJourney(browser, 'invoices-checkout-phone', { token: owner.token });
    const { page } = journey;
    await atPhoneWidth(page);
    await page.goto('/checkout');
    const byInvoice = page.getByRole('radio', { name: 'Pay by invoice (Net 60)' });
    await tap(page, byInvoice);
    expect(await byInvoice.isChecked()).toBe(true);
    await eventually(async () =>
      squeeze(await page.getByRole('region', { name: 'Your order' }).locator('dl').first().innerText()),
    ).toContain('Total $82.50');
    await expectNoSidewaysScroll(page);
    await tap(page, page.getByRole('button', { name: 'Place order' }));
    const placed = await shown(toastMatching(page, /^\s*Order placed: invoice INV-\d{4}-\d{5} e-mailed\s*$/));
    invoiceNumber = INVOICE_NUMBER.exec(await placed.innerText())![0];
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/orders/'));
    await shown(page.getByText(new RegExp(`^Invoice ${invoiceNumber} · due \\S+ · balance \\$82\\.50$`)));
    await expectNoSidewaysScroll(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      tap(page, page.getByRole('button', { name: 'Download invoice PDF' })),
    ]);
    expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
    await downloadedPdf(download);
    await nextMailTo(invoiceEmail, `Invoice ${invoiceNumber} from Brushworks`);
    await journey.close();
  });

  it("the company's admin reaches the statement from the company's page and downloads the invoice from its card", async () => {
    const journey = await startJourney(browser, 'invoices-statement-phone', { token: owner.token });
    const { page } = journey;
    await atPhoneWidth(page);
    await page.goto('/dashboard/company');
    await tap(page, page.getByRole('link', { name: 'Statement: invoices, payments and balance' }));
    await atPath(page, '/dashboard/company/statement');
    const card = cardOf(page, `Invoices of ${name}`, invoiceNumber);
    await shown(fact(card, 'State').getByText('Open', { exact: true }));
    expect(await fact(card, 'Balance').innerText()).toBe('$82.50');
    await expectNoSidewaysScroll(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      tap(page, card.getByRole('button', { name: `Download PDF of ${invoiceNumber}` })),
    ]);
    expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
    await downloadedPdf(download);
    await journey.close();
  });

  it("the admin records a part payment, then the rest, from the back office's statement; the company owes nothing", async () => {
    const admin = await startJourney(browser, 'invoices-payments-phone', shopAdmin);
    const adminPage = admin.page;
    await atPhoneWidth(adminPage);
    await adminPage.goto(`/dashboard/companies/${companyId}`);
    const card = cardOf(adminPage, `Invoices of ${name}`, invoiceNumber);
    await shown(fact(card, 'State').getByText('Open', { exact: true }));
    await expectNoSidewaysScroll(adminPage);
    const record = card.getByRole('button', { name: `Record payment for ${invoiceNumber}` });
    const dialog = adminPage.getByRole('dialog', { name: `Record a payment for ${invoiceNumber}` });

    // $50 by cheque: $32.50 still owed, the invoice still open.
    await tap(adminPage, record);
    await shown(dialog);
    await dialog.getByLabel('Amount ($)').fill('50');
    await dialog.getByLabel('Method').selectOption({ label: 'Cheque' });
    await dialog.getByLabel('Reference (optional)').fill('CHQ 000123');
    await tap(adminPage, dialog.getByRole('button', { name: 'Record payment' }));
    await seeToast(adminPage, `Payment recorded: ${invoiceNumber} owes $32.50`);
    await gone(dialog);
    await eventually(() => fact(card, 'Balance').innerText()).toBe('$32.50');
    await shown(fact(card, 'State').getByText('Open', { exact: true }));
    await expectNoSidewaysScroll(adminPage);
    await checkThenPhone(admin, 'backoffice-part-paid-phone');

    // The rest, which the dialog offers.
    await tap(adminPage, record);
    await shown(dialog);
    expect(await dialog.getByLabel('Amount ($)').inputValue()).toBe('32.5');
    await tap(adminPage, dialog.getByRole('button', { name: 'Record payment' }));
    await seeToast(adminPage, `Payment recorded: ${invoiceNumber} is paid`);
    await gone(dialog);
    await shown(fact(card, 'State').getByText('Paid', { exact: true }));
    await gone(record);
    await expectNoSidewaysScroll(adminPage);
    await admin.close();

    // The company's statement: nothing owed, both payments listed.
    const journey = await startJourney(browser, 'invoices-paid-phone', { token: owner.token });
    const { page } = journey;
    await atPhoneWidth(page);
    await page.goto('/dashboard/company/statement');
    await shown(
      fact(cardOf(page, `Invoices of ${name}`, invoiceNumber), 'State').getByText('Paid', { exact: true }),
    );
    expect(await figure(statementPage(page, name), 'Balance').innerText()).toBe('$0.00');
    const payments = page.getByRole('list', { name: `Payments of ${name}` }).getByRole('listitem');
    await shown(payments.first());
    // Newest first: the rest by bank transfer (the method the dialog starts with), then the cheque.
    expect((await payments.allInnerTexts()).map(squeeze)).toEqual([
      expect.stringMatching(
        new RegExp(`^1\\.\\s?${invoiceNumber} Received \\S+ Method Bank transfer Amount \\$32\\.50$`),
      ),
      expect.stringMatching(
        new RegExp(
          `^2\\.\\s?${invoiceNumber} Received \\S+ Method Cheque Reference CHQ 000123 Amount \\$50\\.00$`,
        ),
      ),
    ]);
    await expectNoSidewaysScroll(page);
    await journey.close();
  });

  it("the company's admin pays what an invoice still owes by card from its card on the statement, every action in reach", async () => {
    const owed = await invoicedOrder(owner, (await invoicedTool())._id);
    // $50 came by transfer first: the card pays the $32.50 left.
    await apiExpect(201, 'POST /invoice/:id/payment', {
      as: shopAdmin,
      params: { id: owed.id },
      body: { amount: 50, method: 'bank-transfer', reference: 'BACS 5000' },
    });

    const journey = await startJourney(browser, 'invoices-card-phone', { token: owner.token });
    const { page } = journey;
    await atPhoneWidth(page);
    await page.goto('/dashboard/company/statement');
    const card = cardOf(page, `Invoices of ${name}`, owed.number);
    await shown(fact(card, 'State').getByText('Open', { exact: true }));
    expect(await fact(card, 'Balance').innerText()).toBe('$32.50');
    expect(await figure(statementPage(page, name), 'Balance').innerText()).toBe('$32.50');
    await expectNoSidewaysScroll(page);

    await tap(page, card.getByRole('button', { name: `Pay ${owed.number} by card` }));
    const dialog = page.getByRole('dialog', { name: `Pay ${owed.number} by card` });
    await shown(
      dialog.getByText(`Amount: $32.50, what ${owed.number} still owes of $82.50, due ${owed.dueOn}.`, {
        exact: true,
      }),
    );
    await fillDemoCard(dialog);
    await expectNoSidewaysScroll(page);
    await checkThenPhone(journey, 'pay-by-card-phone');
    const recorded = cardPaymentRecorded(page, owed.id);
    await tap(page, dialog.getByRole('button', { name: 'make the payment' }));
    expect((await recorded).status()).toBe(200);
    await seeToast(page, `${owed.number} paid by card`);
    await gone(dialog);

    await shown(fact(card, 'State').getByText('Paid', { exact: true }));
    expect(await fact(card, 'Balance').innerText()).toBe('$0.00');
    expect(await figure(statementPage(page, name), 'Balance').innerText()).toBe('$0.00');
    const payments = page.getByRole('list', { name: `Payments of ${name}` }).getByRole('listitem');
    // Newest first: the card's $32.50, then the transfer's $50.
    await eventually(async () => (await payments.allInnerTexts()).map(squeeze).slice(0, 2)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^1\\.\\s?${owed.number} Received \\S+ Method Card Reference pi_demo_\\w+ Amount \\$32\\.50$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^2\\.\\s?${owed.number} Received \\S+ Method Bank transfer Reference BACS 5000 Amount \\$50\\.00$`,
        ),
      ),
    ]);
    await expectNoSidewaysScroll(page);
    await journey.close();
  });
});
