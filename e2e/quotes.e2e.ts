import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  apiExpect,
  asAdmin,
  createTool as createShopTool,
  newCustomer,
  removeTools,
  unique,
  type TestUser,
} from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { hasChromium } from './helpers/context';
import { linkPath, nextMailTo } from './helpers/mail';
import { payWithDemoCard } from './helpers/payment';
import { atPhoneWidth, cardOf, expectNoSidewaysScroll, tap } from './helpers/phone';
import { addAddress } from './helpers/trade';
import { dashboardMenu } from './helpers/ui';
import { atPath, eventually, exactly, gone, seeToast, shown, textsOf } from './helpers/wait';

/**
 * docs/behaviour.md §5.24 (quotes, decision 0044), in the browser: a customer fills the cart with
 * two tools and asks for a quote from the cart with a note; the quote's page opens, waiting for
 * the shop's prices, and the cart keeps its lines. The shop's admin finds it under Quotes, prices
 * each line below the list price with a last day and a message, and sends it; the customer's
 * mail has the quoted total and the link to the quote's page, which shows the quoted prices and
 * the last day. The catalogue's price then goes up; the customer accepts with an address and a PO
 * number, pays by card, and the order carries the quoted prices, not the catalogue's. The quote
 * then reads Accepted with its order, and cannot be accepted or priced again. Then asking,
 * pricing and accepting at 390 px, every action in reach.
 *
 * Not covered: a quote past its last day. The API refuses a past date when pricing (shown here),
 * so a quote expires only when its day passes; nothing short of the database (the server's
 * embedded PGlite) makes one expire within a run.
 *
 * No journey leaves the shop registered for tax (tax.e2e.ts ends its own), and the addresses are
 * in Great Britain: no tax.
 */

/** An element's text as read, its white space collapsed. */
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The value beside a term of a definition list: 'Valid until' → 'Dec 7, 2026'. */
const fact = (scope: Page | Locator, term: string) =>
  scope.locator('dt', { hasText: exactly(term) }).locator('xpath=following-sibling::dd[1]');

/** A day (YYYY-MM-DD) as the quote pages write it, the same day wherever read: 'Dec 7, 2026'. */
const pageDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** Today in UTC, `days` ahead (behind, when negative), as YYYY-MM-DD: the API's days (§5.24). */
const utcDay = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A toast whose whole text matches: 'Quote Q-2026-00012 requested: …'. */
const toastMatching = (page: Page, pattern: RegExp) =>
  page.getByRole('status').filter({ hasText: pattern }).last();

const QUOTE_NUMBER = /Q-\d{4}-\d{5}/;

/** The quote's id, from its page's address (/dashboard/quotes/{id}). */
const idFromPath = (page: Page) => new URL(page.url()).pathname.split('/').pop()!;

/** This file's tools, taken out of the shop after it (removeTools). */
const toolIds: string[] = [];
async function createTool(fields: Parameters<typeof createShopTool>[0]) {
  const tool = await createShopTool(fields);
  toolIds.push(tool._id);
  return tool;
}

/** The cart page's dialog that asks for a quote. */
const requestDialog = (page: Page) => page.getByRole('dialog', { name: 'Request a quote' });

/** The admin's pricing form, named by its heading. */
const pricingForm = (page: Page, title: 'Price this quote' | 'Price it again' = 'Price this quote') =>
  page.getByRole('form', { name: title });

/** The buyer's acceptance, named by its heading. */
const acceptSection = (page: Page) => page.getByRole('region', { name: 'Accept quote' });

/** The quote page's badge, word for word. */
const badge = (page: Page, label: string) => page.locator('.badge').filter({ hasText: exactly(label) });

/** A shop admin's token, once per file. */
let shopAdmin: { token: string };

describe.skipIf(!hasChromium)('a quote requested, priced, accepted', () => {
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
  let customer: TestUser;
  let roller: Awaited<ReturnType<typeof createTool>>;
  let tray: Awaited<ReturnType<typeof createTool>>;
  let homeStreet: string;
  let siteStreet: string;
  let siteAddressId: string;
  let quoteId: string;
  let quoteNumber: string;
  let orderId: string;
  const note = 'Repainting a school over the summer holidays: delivery in July, please.';
  const message = 'Our school-holiday price. Delivered in one go.';
  const expiresOn = utcDay(10);
  const poNumber = `PO-${unique().slice(-8).toUpperCase()}`;

  it('a customer fills the cart with two tools and requests a quote with a note from the cart; the quote opens waiting for prices, the cart keeps its lines', async () => {
    customer = await newCustomer('Quinn');
    // 20 of the roller at $8 ($15 shipping), 10 of the tray at $12 ($10): $280 at list prices.
    const word = `Quotable${unique()}`;
    roller = await createTool({
      name: `${word} Roller`,
      orderQuantity: 10,
      perPartsPrice: 8,
      shipPrice: 15,
    });
    tray = await createTool({
      name: `${word} Tray`,
      orderQuantity: 5,
      perPartsPrice: 12,
      shipPrice: 10,
    });
    homeStreet = `${unique()} Easel Street`;
    siteStreet = `${unique()} School Lane`;
    await addAddress(customer, { line1: homeStreet });
    siteAddressId = (await addAddress(customer, { line1: siteStreet }))._id;

    const journey = await startJourney(browser, 'quotes', { token: customer.token });
    const { page } = journey;
    // From the empty cart to the catalogue and each tool's page, inside the app, as a customer
    // goes. A product page opened from the address bar is the server's, and a signed-in
    // customer's is then rendered again in the browser: a quantity typed before that is lost.
    await page.goto('/cart');
    await shown(page.getByText(/^Your cart is empty\./));
    await page.getByRole('link', { name: 'Browse the products' }).click();
    await atPath(page, '/all-products');
    await page.getByLabel('Search tools').fill(word);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    for (const [tool, quantity] of [
      [roller, '20'],
      [tray, '10'],
    ] as const) {
      await page
        .getByRole('article')
        .getByRole('heading', { name: tool.name })
        .getByRole('link', { name: tool.name, exact: true })
        .click();
      await atPath(page, `/tools/${tool._id}`);
      const add = page.getByRole('form', { name: `Add ${tool.name} to your cart` });
      await add.getByLabel('Quantity to add', { exact: true }).fill(quantity);
      await add.getByRole('button', { name: 'Add to cart' }).click();
      await shown(add.getByRole('status').getByText(`Added: your cart holds ${quantity}.`));
      await page.goBack();
      await atPath(page, '/all-products');
    }

    await page.getByRole('banner').getByRole('link', { name: 'Cart 2 tools' }).click();
    await atPath(page, '/cart');
    const summary = page.getByRole('region', { name: 'Order summary' });
    await eventually(async () => squeeze(await summary.locator('dl').innerText())).toBe(
      'Items $280 Shipping $15 Total $295',
    );
    await shown(summary.getByText('A big job? Ask us to price the 2 tools in your cart before you order.'));
    await summary.getByRole('button', { name: 'Request a quote' }).click();
    const dialog = requestDialog(page);
    await shown(dialog);
    await shown(dialog.getByText(/^We price the 2 tools in your cart as they are now/));
    await dialog.getByLabel('Note (optional)').fill(note);
    await journey.checkScreen('cart-request-quote');
    await dialog.getByRole('button', { name: 'Send request' }).click();

    const requested = await shown(
      toastMatching(page, /^\s*Quote Q-\d{4}-\d{5} requested: we will e-mail you when it is priced\s*$/),
    );
    quoteNumber = QUOTE_NUMBER.exec(await requested.innerText())![0];
    await page.waitForURL((url) => /^\/dashboard\/quotes\/[^/]+$/.test(url.pathname));
    quoteId = idFromPath(page);
    await shown(page.getByRole('heading', { level: 2, name: `Quote ${quoteNumber}` }));
    await shown(badge(page, 'Waiting for our prices'));
    await shown(page.getByText('We are pricing this quote: we will e-mail you when it is ready.'));
    expect(await fact(page, 'Your note').innerText()).toBe(note);
    // Each line as asked, at the buyer's price then; no quoted price yet, and nothing to accept.
    const lines = page.getByRole('region', { name: `Tools in quote ${quoteNumber}` }).getByRole('row');
    await shown(lines.first());
    expect(await textsOf(lines.nth(1).getByRole('cell'))).toEqual([
      roller.name,
      roller.sku,
      '20',
      '$8.00',
      '—',
      '—',
    ]);
    expect(await textsOf(lines.nth(2).getByRole('cell'))).toEqual([
      tray.name,
      tray.sku,
      '10',
      '$12.00',
      '—',
      '—',
    ]);
    await shown(page.getByText('Not priced yet.', { exact: true }));
    expect(await acceptSection(page).count()).toBe(0);
    await journey.checkScreen('quote-requested');

    // The cart is kept, line for line.
    await shown(page.getByRole('banner').getByRole('link', { name: 'Cart 2 tools' }));
    const cart = await apiExpect(200, 'GET /cart', { as: customer });
    expect(cart.lines.map((line) => [line.toolId, line.quantity])).toEqual([
      [roller._id, 20],
      [tray._id, 10],
    ]);
    await journey.close();

    // Not priced yet: there is nothing to accept.
    const early = await api('POST /quote/:id/accept', {
      as: customer,
      params: { id: quoteId },
      headers: { 'idempotency-key': `early-${unique()}` },
      body: { addressId: siteAddressId },
    });
    expect(early.status, early.text).toBe(409);
    expect(early.error.message).toBe('This quote has no prices yet: we will e-mail you when it does');
  });

  it("the shop's admin finds the request under Quotes, prices each line below the list price with a last day and a message, and sends it", async () => {
    const admin = await startJourney(browser, 'quotes-admin', shopAdmin);
    const { page } = admin;
    await page.goto('/dashboard');
    await dashboardMenu(page).getByRole('link', { name: 'Quotes', exact: true }).click();
    await atPath(page, '/dashboard/quotes');
    await shown(page.getByRole('heading', { level: 2, name: 'Quotes' }));
    const row = page
      .getByRole('region', { name: 'Every quote' })
      .getByRole('row')
      .filter({ hasText: quoteNumber });
    await shown(row.getByText('Waiting for our prices', { exact: true }));
    await shown(row.getByText(customer.email));
    await row.getByRole('link', { name: quoteNumber, exact: true }).click();
    await atPath(page, `/dashboard/quotes/${quoteId}`);

    await shown(page.getByRole('heading', { level: 2, name: `Quote ${quoteNumber}` }));
    expect(await fact(page, "Buyer's note").innerText()).toBe(note);
    const form = pricingForm(page);
    await shown(form);
    // Each line starts at the buyer's price then.
    const rollerPrice = form.getByLabel(`Quoted unit price of ${roller.name} ($)`, { exact: true });
    const trayPrice = form.getByLabel(`Quoted unit price of ${tray.name} ($)`, { exact: true });
    expect(await rollerPrice.inputValue()).toBe('8.00');
    expect(await trayPrice.inputValue()).toBe('12.00');
    await shown(form.getByText('Quoted total: $280.00 before shipping and tax'));
    await rollerPrice.fill('6.5');
    await trayPrice.fill('10.25');
    // 20 × $6.50 + 10 × $10.25, worked out as the admin types.
    await shown(form.getByText('Line total $130.00', { exact: true }));
    await shown(form.getByText('Line total $102.50', { exact: true }));
    await shown(form.getByText('Quoted total: $232.50 before shipping and tax'));
    await form.getByLabel('Message to the buyer (optional)').fill(message);

    await form.getByLabel('Valid until').fill(expiresOn);
    await admin.checkScreen('admin-price-quote');

    // A last day already past is refused with the API's words, and nothing is sent.
    await form.getByLabel('Valid until').fill(utcDay(-1));
    await form.getByRole('button', { name: 'Send quote' }).click();
    await shown(form.getByRole('alert').getByText('The expiry date cannot be in the past', { exact: true }));
    expect((await apiExpect(200, 'GET /quote/:id', { as: shopAdmin, params: { id: quoteId } })).state).toBe(
      'requested',
    );
    await form.getByLabel('Valid until').fill(expiresOn);
    await form.getByRole('button', { name: 'Send quote' }).click();
    await seeToast(page, `Quote ${quoteNumber} sent: ${customer.name} is e-mailed its prices`);
    await shown(badge(page, 'Priced'));
    // The form now prices it again, from what was sent.
    const again = pricingForm(page, 'Price it again');
    await shown(again);
    expect(
      await again.getByLabel(`Quoted unit price of ${roller.name} ($)`, { exact: true }).inputValue(),
    ).toBe('6.50');
    expect(await fact(page, 'Valid until').innerText()).toBe(pageDay(expiresOn));
    await shown(fact(page, 'Sent').locator('time'));
    await admin.close();

    const sent = await apiExpect(200, 'GET /quote/:id', { as: shopAdmin, params: { id: quoteId } });
    expect(sent).toMatchObject({ state: 'sent', expired: false, expiresOn, message, quotedTotal: 232.5 });
    expect(sent.lines.map((line) => [line.toolId, line.listUnitPrice, line.quotedUnitPrice])).toEqual([
      [roller._id, 8, 6.5],
      [tray._id, 12, 10.25],
    ]);
  });

  it("the customer's mail has the quoted total, the last day and the link; the quote's page shows the quoted prices", async () => {
    const mail = await nextMailTo(customer.email, `Your quote ${quoteNumber} is ready`);
    const text = squeeze(mail.text ?? '');
    expect(text).toContain(
      `We have priced your quote ${quoteNumber}: $232.50 for the tools you asked about, before shipping and tax.`,
    );
    expect(text).toContain(message);
    expect(text).toContain(`You may accept it until ${expiresOn}: the order is then placed at these prices.`);

    const journey = await startJourney(browser, 'quotes-priced', { token: customer.token });
    const { page } = journey;
    await page.goto(linkPath(mail, `/dashboard/quotes/${quoteId}`));
    await shown(badge(page, 'Priced'));
    expect(await fact(page, 'Valid until').innerText()).toBe(pageDay(expiresOn));
    expect(await fact(page, 'Our message').innerText()).toBe(message);
    const lines = page.getByRole('region', { name: `Tools in quote ${quoteNumber}` }).getByRole('row');
    expect(await textsOf(lines.nth(1).getByRole('cell'))).toEqual([
      roller.name,
      roller.sku,
      '20',
      '$8.00',
      '$6.50',
      '$130.00',
    ]);
    expect(await textsOf(lines.nth(2).getByRole('cell'))).toEqual([
      tray.name,
      tray.sku,
      '10',
      '$12.00',
      '$10.25',
      '$102.50',
    ]);
    expect(squeeze(await page.getByText(/^Quoted total:/).innerText())).toBe(
      'Quoted total: $232.50 before shipping and tax',
    );
    const accept = acceptSection(page);
    await shown(
      accept.getByText(
        `The order is placed at these prices, $232.50 before shipping and tax, on or before ${pageDay(expiresOn)}.`,
        { exact: false },
      ),
    );
    await journey.close();
  });

  it("the catalogue's price goes up; the customer accepts with an address and a PO number, pays by card, and the order keeps the quoted prices", async () => {
    // The roller costs $9 from now on: the cart follows the catalogue, the quote does not.
    await apiExpect(200, 'PATCH /tool/:id', {
      as: shopAdmin,
      params: { id: roller._id },
      body: { perPartsPrice: 9 },
    });
    const cart = await apiExpect(200, 'GET /cart', { as: customer });
    expect(cart.lines.find((line) => line.toolId === roller._id)?.unitPrice).toBe(9);

    const journey = await startJourney(browser, 'quotes-accept', { token: customer.token });
    const { page } = journey;
    await page.goto(`/dashboard/quotes/${quoteId}`);
    const accept = acceptSection(page);
    const addresses = accept.getByRole('group', { name: 'Choose the address to ship to' });
    const home = addresses.getByRole('radio', { name: new RegExp(homeStreet) });
    const site = addresses.getByRole('radio', { name: new RegExp(siteStreet) });
    // The default address is chosen to start with; the school is chosen instead.
    await shown(home);
    expect(await home.isChecked()).toBe(true);
    await site.check();
    expect(await site.isChecked()).toBe(true);
    expect(await home.isChecked()).toBe(false);
    await accept.getByLabel('PO number (optional)').fill(poNumber);
    // No company, no terms: the order is paid by card, and there is nothing to choose.
    expect(await accept.getByRole('group', { name: 'Payment' }).count()).toBe(0);
    await journey.checkScreen('quote-priced');
    expect(await site.isChecked()).toBe(true);

    await accept.getByRole('button', { name: 'Accept quote' }).click();
    await seeToast(page, 'Quote accepted. Pay for the order below.');
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/payments/'));
    orderId = idFromPath(page);
    // The payment page's lines: the quoted prices, not the catalogue's $9.
    const payLines = page.getByRole('table', { name: 'Tools in this order' });
    await shown(payLines);
    expect(await textsOf(payLines.getByRole('row'))).toEqual([
      'ToolQuantityUnit priceTotal',
      `${roller.name} SKU ${roller.sku}20$6.50$130`,
      `${tray.name} SKU ${tray.sku}10$10.25$102.50`,
    ]);
    expect(await fact(page, 'Items').innerText()).toBe('$232.50');
    expect(await fact(page, 'Shipping').innerText()).toBe('$15');
    expect(await fact(page, 'Total').innerText()).toBe('$247.50');
    await payWithDemoCard(page, orderId);

    const order = await apiExpect(200, 'GET /order/:id', { as: customer, params: { id: orderId } });
    expect(order).toMatchObject({ paid: true, state: 'paid', poNumber, price: 247.5 });
    expect(order.lines.map((line) => [line.toolId, line.quantity, line.unitPrice, line.lineTotal])).toEqual([
      [roller._id, 20, 6.5, 130],
      [tray._id, 10, 10.25, 102.5],
    ]);

    // The quote now reads Accepted and leads to its order, which ships to the school.
    await page.goto(`/dashboard/quotes/${quoteId}`);
    await shown(badge(page, 'Accepted'));
    await shown(page.getByText(/^Accepted on .+: the order was placed at these prices\.$/));
    expect(await acceptSection(page).count()).toBe(0);
    await journey.checkScreen('quote-accepted');
    await page.getByRole('link', { name: 'View the order' }).click();
    await atPath(page, `/dashboard/orders/${orderId}`);
    const orderLines = page.getByRole('table', { name: 'Tools in this order' });
    await shown(orderLines);
    expect((await textsOf(orderLines.getByRole('row'))).slice(1)).toEqual([
      `${roller.name} SKU ${roller.sku}20$6.50$130`,
      `${tray.name} SKU ${tray.sku}10$10.25$102.50`,
    ]);
    expect(await fact(page, 'PO number').innerText()).toBe(poNumber);
    expect(await textsOf(fact(page, 'Ship to').locator('address span'))).toContain(siteStreet);

    // My quotes lists it as accepted.
    await dashboardMenu(page).getByRole('link', { name: 'My quotes', exact: true }).click();
    await atPath(page, '/dashboard/quotes');
    await shown(
      page
        .getByRole('region', { name: 'Your quotes' })
        .getByRole('row')
        .filter({ hasText: quoteNumber })
        .getByText('Accepted', { exact: true }),
    );
    await journey.close();
  });

  it('an accepted quote is not accepted again, nor priced again: its page has no Accept, and the API refuses both', async () => {
    const journey = await startJourney(browser, 'quotes-accepted-again', { token: customer.token });
    const { page } = journey;
    await page.goto(`/dashboard/quotes/${quoteId}`);
    await shown(badge(page, 'Accepted'));
    await page.reload();
    await shown(badge(page, 'Accepted'));
    await shown(page.getByRole('link', { name: 'View the order' }));
    await gone(acceptSection(page));
    expect(await page.getByRole('button', { name: 'Accept quote' }).count()).toBe(0);
    await journey.close();

    // Another acceptance, with a key of its own: 409, and no second order.
    const second = await api('POST /quote/:id/accept', {
      as: customer,
      params: { id: quoteId },
      headers: { 'idempotency-key': `again-${unique()}` },
      body: { addressId: siteAddressId },
    });
    expect(second.status, second.text).toBe(409);
    expect(second.error.message).toBe('This quote was already accepted');
    const orders = await apiExpect(200, 'GET /my-order', { as: customer, query: { email: customer.email } });
    expect(orders.map((order) => order._id)).toEqual([orderId]);

    // Its prices are final.
    const repriced = await api('PUT /quote/:id/prices', {
      as: shopAdmin,
      params: { id: quoteId },
      body: {
        lines: [
          { toolId: roller._id, unitPrice: 5 },
          { toolId: tray._id, unitPrice: 5 },
        ],
        expiresOn,
      },
    });
    expect(repriced.status, repriced.text).toBe(409);
    expect(repriced.error.message).toBe('This quote was accepted: its prices are final');

    // The back office shows it accepted, with its order and no pricing form.
    const admin = await startJourney(browser, 'quotes-admin-accepted', shopAdmin);
    await admin.page.goto(`/dashboard/quotes/${quoteId}`);
    await shown(badge(admin.page, 'Accepted'));
    await shown(fact(admin.page, 'Accepted').getByRole('link', { name: 'View the order' }));
    expect(await admin.page.getByRole('button', { name: 'Send quote' }).count()).toBe(0);
    await admin.close();
  });
});

describe.skipIf(!hasChromium)('a quote on a phone (390 px)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    shopAdmin = await asAdmin();
  });
  afterAll(async () => {
    await browser?.close();
    await removeTools(toolIds.splice(0));
  });

  // The story's people and things, made as it goes: one step per test, each a thumb's reach.
  let customer: TestUser;
  let brush: Awaited<ReturnType<typeof createTool>>;
  let tape: Awaited<ReturnType<typeof createTool>>;
  let street: string;
  let quoteId: string;
  let quoteNumber: string;
  const expiresOn = utcDay(30);

  it('the customer requests a quote from the cart, every action in reach', async () => {
    customer = await newCustomer('Pia');
    // 10 brushes at $6 ($8 shipping) and 4 rolls of tape at $15: $120 at list prices.
    brush = await createTool({
      name: `Thumb Brush ${unique()}`,
      orderQuantity: 10,
      perPartsPrice: 6,
      shipPrice: 8,
    });
    tape = await createTool({
      name: `Thumb Tape ${unique()}`,
      orderQuantity: 4,
      perPartsPrice: 15,
      shipPrice: 5,
    });
    street = `${unique()} Palette Road`;
    await addAddress(customer, { line1: street });
    await apiExpect(200, 'PUT /cart/lines', {
      as: customer,
      body: {
        lines: [
          { toolId: brush._id, quantity: 10 },
          { toolId: tape._id, quantity: 4 },
        ],
      },
    });

    const journey = await startJourney(browser, 'quotes-request-phone', { token: customer.token });
    const { page } = journey;
    await atPhoneWidth(page);
    await page.goto('/cart');
    const summary = page.getByRole('region', { name: 'Order summary' });
    await eventually(async () => squeeze(await summary.locator('dl').innerText())).toBe(
      'Items $120 Shipping $8 Total $128',
    );
    await expectNoSidewaysScroll(page);
    await tap(page, summary.getByRole('button', { name: 'Request a quote' }));
    const dialog = requestDialog(page);
    await shown(dialog);
    await dialog.getByLabel('Note (optional)').fill('For a site in York.');
    await expectNoSidewaysScroll(page);
    await tap(page, dialog.getByRole('button', { name: 'Send request' }));
    const requested = await shown(toastMatching(page, /^\s*Quote Q-\d{4}-\d{5} requested: /));
    quoteNumber = QUOTE_NUMBER.exec(await requested.innerText())![0];
    await page.waitForURL((url) => /^\/dashboard\/quotes\/[^/]+$/.test(url.pathname));
    quoteId = idFromPath(page);
    await shown(badge(page, 'Waiting for our prices'));
    // The lines are cards on a phone.
    await shown(cardOf(page, `Tools in quote ${quoteNumber}`, brush.name));
    await shown(cardOf(page, `Tools in quote ${quoteNumber}`, tape.name));
    await expectNoSidewaysScroll(page);
    await journey.close();
  });

  it("the admin opens Quotes from the dashboard's menu and prices the request, every action in reach", async () => {
    const admin = await startJourney(browser, 'quotes-price-phone', shopAdmin);
    const { page } = admin;
    await atPhoneWidth(page);
    await page.goto('/dashboard');
    // The menu button opens the drawer with the dashboard's links.
    await tap(page, page.getByRole('banner').locator('label[for="dashboard-drawer"]'));
    await tap(page, dashboardMenu(page).getByRole('link', { name: 'Quotes', exact: true }));
    await atPath(page, '/dashboard/quotes');
    const card = cardOf(page, 'Every quote', quoteNumber);
    await shown(card.getByText('Waiting for our prices', { exact: true }));
    await expectNoSidewaysScroll(page);
    await tap(page, card.getByRole('link', { name: quoteNumber, exact: true }));
    await atPath(page, `/dashboard/quotes/${quoteId}`);

    const form = pricingForm(page);
    await shown(form);
    await form.getByLabel(`Quoted unit price of ${brush.name} ($)`, { exact: true }).fill('5');
    await form.getByLabel(`Quoted unit price of ${tape.name} ($)`, { exact: true }).fill('13.75');
    await shown(form.getByText('Quoted total: $105.00 before shipping and tax'));
    await form.getByLabel('Valid until').fill(expiresOn);
    await form.getByLabel('Message to the buyer (optional)').fill('Thirty days to think it over.');
    await expectNoSidewaysScroll(page);
    await tap(page, form.getByRole('button', { name: 'Send quote' }));
    await seeToast(page, `Quote ${quoteNumber} sent: ${customer.name} is e-mailed its prices`);
    await shown(badge(page, 'Priced'));
    await shown(pricingForm(page, 'Price it again'));
    await expectNoSidewaysScroll(page);
    await admin.close();
  });

  it('the customer follows the mail, accepts the quote and pays, every action in reach; the order keeps the quoted prices', async () => {
    const mail = await nextMailTo(customer.email, `Your quote ${quoteNumber} is ready`);
    expect(squeeze(mail.text ?? '')).toContain(
      `We have priced your quote ${quoteNumber}: $105 for the tools`,
    );
    const journey = await startJourney(browser, 'quotes-accept-phone', { token: customer.token });
    const { page } = journey;
    await atPhoneWidth(page);
    await page.goto(linkPath(mail, `/dashboard/quotes/${quoteId}`));
    await shown(badge(page, 'Priced'));
    const brushCard = cardOf(page, `Tools in quote ${quoteNumber}`, brush.name);
    expect(await fact(brushCard, 'Quoted price').innerText()).toBe('$5.00');
    expect(await fact(brushCard, 'Line total').innerText()).toBe('$50.00');
    expect(await fact(page, 'Valid until').innerText()).toBe(pageDay(expiresOn));

    const accept = acceptSection(page);
    // The only address, the default, is chosen already; tapping it keeps it.
    const address = accept.getByRole('radio', { name: new RegExp(street) });
    await tap(page, address);
    expect(await address.isChecked()).toBe(true);
    await accept.getByLabel('PO number (optional)').fill(`PO-${unique()}`);
    await expectNoSidewaysScroll(page);
    await tap(page, accept.getByRole('button', { name: 'Accept quote' }));
    await seeToast(page, 'Quote accepted. Pay for the order below.');
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/payments/'));
    const orderId = idFromPath(page);
    await expectNoSidewaysScroll(page);
    await payWithDemoCard(page, orderId, (button) => tap(page, button));
    const order = await apiExpect(200, 'GET /order/:id', { as: customer, params: { id: orderId } });
    // 10 × $5 + 4 × $13.75 and $8 shipping.
    expect(order).toMatchObject({ paid: true, price: 113 });
    expect(order.lines.map((line) => [line.toolId, line.unitPrice])).toEqual([
      [brush._id, 5],
      [tape._id, 13.75],
    ]);

    await page.goto(`/dashboard/quotes/${quoteId}`);
    await shown(badge(page, 'Accepted'));
    await expectNoSidewaysScroll(page);
    await tap(page, page.getByRole('link', { name: 'View the order' }));
    await atPath(page, `/dashboard/orders/${orderId}`);
    await expectNoSidewaysScroll(page);
    await journey.close();
  });
});
