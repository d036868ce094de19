import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateAddressBody } from '@shop/shared/contracts/addresses';
import type { TaxRegistration } from '@shop/shared/contracts/tax';
import {
  apiExpect,
  asAdmin,
  createTool as createShopTool,
  myOrdersByApi,
  newCustomer,
  removeTools,
  unique,
  type TestUser,
} from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { hasChromium } from './helpers/context';
import { payWithDemoCard } from './helpers/payment';
import { atPhoneWidth, cardOf, checkThenPhone, expectNoSidewaysScroll, tap } from './helpers/phone';
import { addAddress, openCompany } from './helpers/trade';
import { dashboardMenu } from './helpers/ui';
import { atPath, eventually, exactly, gone, seeToast, shown, textsOf } from './helpers/wait';

/**
 * docs/behaviour.md §5.22 (tax) and §5.16 (the receipt and its PDF), in the browser: the shop's
 * admin registers the shop for sales tax in California (7.25 %, shipping taxed) and in the rest of
 * the United States (5 %, shipping not taxed) on the back office's Tax page, and is refused a
 * second registration for California; a company sends a resale certificate for California with
 * its PDF, which the shop verifies (and downloads); the company's admin then checks out to a
 * California address exempt, pays, and downloads the receipt as a PDF; a private customer pays
 * California's tax, New York's (the country's rate, on the items only), and none in France, where
 * the shop is not registered. Then the Tax page and checkout at 390 px.
 *
 * The journeys of this run share one server (vitest.config.ts, global-setup.ts): a registration
 * left behind would tax every later journey's orders. afterAll ends every registration this file
 * makes, whether its tests passed or not.
 *
 * The tool: 10 at $3 with $28 shipping, $58 in all. California taxes $58 at 7.25 % = $4.205, half
 * a cent rounding up: $4.21, $62.21 in all. New York taxes the $30 of items at 5 %: $1.50, $59.50.
 */

/** An element's text as read, its white space collapsed. */
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The value beside a term of a definition list: 'Tax' → '$4.21 Sales tax US-CA 7.25 %'. */
const fact = (scope: Page | Locator, term: string) =>
  scope.locator('dt', { hasText: exactly(term) }).locator('xpath=following-sibling::dd[1]');

/** This file's tools, taken out of the shop after it (removeTools). */
const toolIds: string[] = [];
async function createTool(fields: Parameters<typeof createShopTool>[0]) {
  const tool = await createShopTool(fields);
  toolIds.push(tool._id);
  return tool;
}

/** 10 at $3, with $28 shipping: $58 before tax. */
const taxedTool = () =>
  createTool({ name: `Taxed Roller ${unique()}`, orderQuantity: 10, perPartsPrice: 3, shipPrice: 28 });

/** How registrations and tax lines name a place: 'US-CA', or 'US' for the whole country. */
const placeOf = (registration: Pick<TaxRegistration, 'country' | 'region'>) =>
  registration.region ? `${registration.country}-${registration.region}` : registration.country;

/** The places this file registers the shop in; no other journey registers any. */
const OUR_PLACES = new Set(['US-CA', 'US', 'CA-ON']);

/**
 * Ends every registration of this file's places still held, through the API: the other journeys
 * on this server price their orders untaxed. Run after the file, passed or failed.
 */
async function endOurRegistrations() {
  const as = await asAdmin();
  const held = await apiExpect(200, 'GET /tax-registration', { as });
  for (const registration of held.filter((one) => OUR_PLACES.has(placeOf(one)))) {
    await apiExpect(200, 'DELETE /tax-registration/:id', { as, params: { id: registration.id } });
  }
  expect((await apiExpect(200, 'GET /tax-registration', { as })).map(placeOf)).toEqual([]);
}

/** A California address for a person's book (addAddress's fields), a line of its own. */
const inCalifornia = (): Partial<CreateAddressBody> => ({
  line1: `${unique()} Mission Street`,
  city: 'San Francisco',
  region: 'CA',
  postalCode: '94103',
  country: 'US',
  phone: '+1 415 555 0100',
});

/** The checkout's figures as the buyer reads them, once the Tax row is worked out. */
const checkoutFigures = (page: Page) =>
  page.getByRole('region', { name: 'Your order' }).locator('dl').first();

/**
 * A certificate card's 'Download PDF' button, by the words it shows: its accessible name also names
 * the certificate (axe, in checkScreen, checks that it holds those words).
 */
const downloadButton = (card: Locator) =>
  card.getByRole('button').filter({ hasText: exactly('Download PDF') });

/** A tiny PDF: what the API takes for a certificate's file starts '%PDF-'. */
const certificatePdf = {
  name: 'resale-certificate.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
  ),
};

/** A shop admin's token, once per file. */
let shopAdmin: { token: string };

describe.skipIf(!hasChromium)('tax', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    shopAdmin = await asAdmin();
  });
  afterAll(async () => {
    await browser?.close();
    try {
      await removeTools(toolIds.splice(0));
    } finally {
      await endOurRegistrations();
    }
  });

  // The story's people and things, made as it goes.
  let owner: TestUser;
  let companyName: string;
  let companyId: string;
  let certificateNumber: string;

  it('the admin registers the shop in US-CA (7.25 %, shipping taxed) and the US (5 %, not shipping) on the Tax page, and cannot register US-CA twice', async () => {
    const journey = await startJourney(browser, 'tax-registrations', shopAdmin);
    const { page } = journey;
    await page.goto('/dashboard');
    await dashboardMenu(page).getByRole('link', { name: 'Tax', exact: true }).click();
    await atPath(page, '/dashboard/tax');
    await shown(page.getByRole('heading', { level: 2, name: 'Tax' }));
    // No journey before this one registered the shop anywhere.
    await shown(page.getByText('No registrations yet: no order is taxed.'));
    await journey.checkScreen('tax-page-empty');

    const form = page.getByRole('form', { name: 'Add a registration' });
    const shipping = form.getByLabel('Tax shipping too');
    // California: typed in lower case, registered as 'CA'; shipping taxed, as the form starts.
    await form.getByLabel('Country', { exact: true }).selectOption('US');
    await form.getByLabel('Region (optional)').fill('ca');
    await form.getByLabel('Tax name').fill('Sales tax');
    await form.getByLabel('Rate (%)').fill('7.25');
    expect(await shipping.isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Add registration' }).click();
    await seeToast(page, 'Registration added for US-CA');
    // The form starts afresh.
    await eventually(() => form.getByLabel('Region (optional)').inputValue()).toBe('');

    // The rest of the United States: 5 %, shipping not taxed.
    await form.getByLabel('Country', { exact: true }).selectOption('US');
    await form.getByLabel('Tax name').fill('Sales tax');
    await form.getByLabel('Rate (%)').fill('5');
    await shipping.uncheck();
    await form.getByRole('button', { name: 'Add registration' }).click();
    await seeToast(page, 'Registration added for United States (US)');

    // The list: the country's own registration first, then its region's.
    const table = page.getByRole('region', { name: 'Tax registrations' });
    const rowOf = (place: string) =>
      table.getByRole('row').filter({ has: page.getByRole('cell', { name: place, exact: true }) });
    await shown(rowOf('US-CA'));
    expect((await textsOf(rowOf('US-CA').getByRole('cell'))).slice(0, 4)).toEqual([
      'US-CA',
      'Sales tax',
      '7.25 %',
      'Yes',
    ]);
    expect((await textsOf(rowOf('United States (US)').getByRole('cell'))).slice(0, 4)).toEqual([
      'United States (US)',
      'Sales tax',
      '5 %',
      'No',
    ]);
    expect(await textsOf(table.getByRole('rowheader'))).toEqual(['1', '2']);
    await shown(rowOf('US-CA').getByRole('button', { name: 'Edit the registration for US-CA' }));
    await shown(rowOf('US-CA').getByRole('button', { name: 'End the registration for US-CA' }));

    // California again, 'CA' this time: the API's 409, beside the form, and nothing added.
    await form.getByLabel('Country', { exact: true }).selectOption('US');
    await form.getByLabel('Region (optional)').fill('CA');
    await form.getByLabel('Tax name').fill('Sales tax');
    await form.getByLabel('Rate (%)').fill('8');
    await form.getByRole('button', { name: 'Add registration' }).click();
    await shown(
      form.getByRole('alert').filter({ hasText: exactly('The shop is already registered in US-CA') }),
    );
    expect(await form.getByLabel('Region (optional)').inputValue()).toBe('CA');
    await journey.checkScreen('tax-page-refused');

    const held = await apiExpect(200, 'GET /tax-registration', { as: shopAdmin });
    expect(
      held.map(({ country, region, label, rate, taxesShipping }) => ({
        country,
        region,
        label,
        rate,
        taxesShipping,
      })),
    ).toEqual([
      { country: 'US', region: null, label: 'Sales tax', rate: 5, taxesShipping: false },
      { country: 'US', region: 'CA', label: 'Sales tax', rate: 7.25, taxesShipping: true },
    ]);
    await journey.close();
  });

  it("a company's admin sends a resale certificate for CA with its PDF; the shop's admin downloads it and verifies it", async () => {
    // A company opened through the API: the trade-accounts journey applies on screen.
    ({
      owner,
      name: companyName,
      id: companyId,
    } = await openCompany('Cleo', {
      name: `Cleo Resellers ${unique()} Inc`,
      address: inCalifornia(),
      application: { taxNumber: '94-1234567', phone: '+1 415 555 0101', monthlyVolume: 'under-1000' },
    }));

    const journey = await startJourney(browser, 'tax-certificate', { token: owner.token });
    const { page } = journey;
    await page.goto('/dashboard/company');
    await shown(page.getByRole('heading', { level: 2, name: companyName }));
    const section = page.getByRole('region', { name: 'Resale certificates' });
    await shown(section.getByText('No resale certificates yet.'));

    const form = page.getByRole('form', { name: 'Send a resale certificate' });
    certificateNumber = `SR-CA-${unique()}`;
    const expiresOn = `${new Date().getUTCFullYear() + 2}-06-30`;
    expect(await form.getByLabel('Country', { exact: true }).inputValue()).toBe('US');
    await form.getByLabel('State', { exact: true }).fill('CA');
    await form.getByLabel('Certificate number').fill(certificateNumber);
    await form.getByLabel('Expiry date').fill(expiresOn);
    await form.getByLabel('Certificate PDF', { exact: true }).setInputFiles(certificatePdf);
    await journey.checkScreen('certificate-form');
    await form.getByRole('button', { name: 'Send certificate' }).click();
    await seeToast(page, `Certificate ${certificateNumber} sent: we will verify it`);

    const card = section
      .getByRole('list', { name: 'Resale certificates' })
      .getByRole('listitem')
      .filter({ hasText: certificateNumber });
    await shown(card.getByText('Pending', { exact: true }));
    expect(await fact(card, 'For').innerText()).toBe('US-CA');
    expect(await fact(card, 'Expires').innerText()).toBe(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${expiresOn}T00:00:00Z`),
      ),
    );
    const certificateName = `the certificate ${certificateNumber} for US-CA`;
    await shown(downloadButton(card));
    await shown(card.getByRole('button', { name: `Withdraw ${certificateName}` }));
    await journey.checkScreen('company-certificate-pending');
    const sent = await apiExpect(200, 'GET /company/:id/resale-certificate', {
      as: owner,
      params: { id: companyId },
    });
    expect(sent.map(({ number, region, state, hasFile }) => ({ number, region, state, hasFile }))).toEqual([
      { number: certificateNumber, region: 'CA', state: 'pending', hasFile: true },
    ]);

    // The back office: Companies → the company; the PDF downloaded, the certificate verified.
    const admin = await startJourney(browser, 'tax-certificate-backoffice', shopAdmin);
    const adminPage = admin.page;
    await adminPage.goto('/dashboard');
    await dashboardMenu(adminPage).getByRole('link', { name: 'Companies', exact: true }).click();
    await atPath(adminPage, '/dashboard/companies');
    await adminPage.getByLabel('Search by name or tax number').fill(companyName);
    await adminPage.getByRole('button', { name: 'Search', exact: true }).click();
    await adminPage
      .getByRole('region', { name: 'Companies' })
      .getByRole('row')
      .filter({ hasText: companyName })
      .getByRole('link', { name: `Open ${companyName}` })
      .click();
    await atPath(adminPage, `/dashboard/companies/${companyId}`);
    const adminCard = adminPage
      .getByRole('list', { name: `Resale certificates of ${companyName}` })
      .getByRole('listitem')
      .filter({ hasText: certificateNumber });
    await shown(adminCard.getByText('Pending', { exact: true }));
    await admin.checkScreen('backoffice-certificate-pending');

    const [download] = await Promise.all([
      adminPage.waitForEvent('download'),
      downloadButton(adminCard).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^resale-certificate-[0-9a-f-]{8}\.pdf$/);
    expect(await readFile((await download.path())!)).toEqual(certificatePdf.buffer);

    await adminCard.getByRole('button', { name: `Verify ${certificateName}` }).click();
    await seeToast(adminPage, `Certificate ${certificateNumber} verified`);
    await shown(adminCard.getByText('Verified', { exact: true }));
    await gone(adminCard.getByRole('button', { name: `Verify ${certificateName}` }));
    await gone(adminCard.getByRole('button', { name: `Reject ${certificateName}` }));
    // The file is still the one that was checked.
    await shown(downloadButton(adminCard));
    await admin.checkScreen('backoffice-certificate-verified');
    await admin.close();

    // The company's page says so.
    await page.reload();
    await shown(card.getByText('Verified', { exact: true }));
    await journey.checkScreen('company-certificate-verified');
    await journey.close();
  });

  it("the company's admin checks out to California exempt, pays, and downloads the receipt, which says Exempt, as a PDF", async () => {
    const tool = await taxedTool();
    const journey = await startJourney(browser, 'tax-exempt', { token: owner.token });
    const { page } = journey;

    // The tool in the cart (the cart-checkout journey fills one on screen); the cart says its
    // prices are before tax.
    await apiExpect(200, 'PUT /cart/lines', {
      as: owner,
      body: { lines: [{ toolId: tool._id, quantity: 10 }] },
    });
    await page.goto('/cart');
    const summary = page.getByRole('region', { name: 'Order summary' });
    await eventually(async () => squeeze(await summary.locator('dl').innerText())).toBe(
      'Items $30 Shipping $28 Total $58',
    );
    await shown(
      summary.getByText('Prices exclude tax; tax is worked out from the delivery address at checkout.'),
    );

    // Checkout to the company's California address: exempt, by its certificate.
    await summary.getByRole('link', { name: 'Check out' }).click();
    await atPath(page, '/checkout');
    const exempt = `Exempt (certificate ${certificateNumber})`;
    await eventually(async () => squeeze(await checkoutFigures(page).innerText())).toBe(
      `Items $30 Shipping $28 Tax $0 ${exempt} Total $58`,
    );
    await shown(page.getByText('Prices exclude tax; tax is worked out from the delivery address.'));
    await journey.checkScreen('checkout-exempt');
    await page.getByRole('button', { name: 'Place order' }).click();
    await seeToast(page, 'Order placed. Pay for it below.');
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/payments/'));
    const orderId = new URL(page.url()).pathname.split('/').pop()!;

    // The payment page: the same Tax row, and the total without tax.
    await shown(fact(page, 'Tax').getByText(exempt, { exact: true }));
    expect(squeeze(await fact(page, 'Tax').innerText())).toBe(`$0 ${exempt}`);
    expect(await fact(page, 'Total').innerText()).toBe('$58');
    await payWithDemoCard(page, orderId);
    const order = await apiExpect(200, 'GET /order/:id', { as: owner, params: { id: orderId } });
    expect(order).toMatchObject({ paid: true, price: 58, tax: 0 });
    expect(order.taxLines).toMatchObject([
      { reason: 'exempt', jurisdiction: 'US-CA', reference: certificateNumber, amount: 0 },
    ]);

    // The order's page.
    await page.goto(`/dashboard/orders/${orderId}`);
    await shown(fact(page, 'Tax').getByText(exempt, { exact: true }));
    expect(squeeze(await fact(page, 'Tax').innerText())).toBe(`$0 ${exempt}`);
    await journey.checkScreen('order-exempt');

    // The receipt, from My Orders: Exempt; and its PDF.
    await page.goto('/dashboard/my-orders');
    await page
      .getByRole('region', { name: 'Your orders' })
      .getByRole('link', { name: `Receipt for ${tool.name}` })
      .click();
    await atPath(page, `/dashboard/orders/${orderId}/receipt`);
    const receipt = page.getByRole('article', { name: 'Receipt' });
    await shown(receipt.getByText(orderId, { exact: true }));
    await shown(receipt.getByRole('row', { name: `Tax $0 ${exempt}` }));
    await shown(receipt.getByRole('row', { name: 'Total paid $58' }));
    await journey.checkScreen('receipt-exempt');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`receipt-${orderId.slice(0, 8)}.pdf`);
    const pdf = await readFile((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await journey.close();
  });

  it("a private customer pays California's tax with shipping, the country's on the items in New York, and none in France", async () => {
    const customer = await newCustomer('Pax');
    const tool = await taxedTool();
    await apiExpect(200, 'PUT /cart/lines', {
      as: customer,
      body: { lines: [{ toolId: tool._id, quantity: 10 }] },
    });
    const journey = await startJourney(browser, 'tax-private', { token: customer.token });
    const { page } = journey;
    await page.goto('/checkout');

    // No address yet: the figures wait for one, and the first is added on the page.
    await shown(page.getByRole('heading', { name: 'Ship to' }));
    await eventually(async () => squeeze(await checkoutFigures(page).innerText())).toBe(
      'Items $30 Shipping $28 Tax From the delivery address Total before tax $58',
    );
    const street = (place: string) => `${unique()} ${place} Street`;
    const addresses = {
      california: street('Valencia'),
      newYork: street('Bleecker'),
      france: street('Rivoli'),
    };
    const fillAddress = async (
      scope: Page | Locator,
      line1: string,
      place: { city: string; region?: string; postalCode: string; country: string; phone: string },
    ) => {
      await scope.getByLabel('Name', { exact: true }).fill(customer.name);
      await scope.getByLabel('Address line 1', { exact: true }).fill(line1);
      await scope.getByLabel('City', { exact: true }).fill(place.city);
      if (place.region) await scope.getByLabel('Region or state (optional)').fill(place.region);
      await scope.getByLabel('Postal code', { exact: true }).fill(place.postalCode);
      await scope.getByLabel('Country', { exact: true }).selectOption(place.country);
      await scope.getByLabel('Phone', { exact: true }).fill(place.phone);
      await scope.getByRole('button', { name: 'Save address' }).click();
    };
    await fillAddress(page, addresses.california, {
      city: 'Los Angeles',
      region: 'CA',
      postalCode: '90012',
      country: 'US',
      phone: '+1 213 555 0100',
    });
    const choice = (line1: string) =>
      page
        .getByRole('group', { name: 'Choose the address to ship to' })
        .getByRole('radio', { name: new RegExp(line1) });
    await shown(choice(addresses.california));
    expect(await choice(addresses.california).isChecked()).toBe(true);
    // 7.25 % of $58 is $4.205: $4.21.
    await eventually(async () => squeeze(await checkoutFigures(page).innerText())).toBe(
      'Items $30 Shipping $28 Tax $4.21 Sales tax US-CA 7.25 % Total $62.21',
    );
    await journey.checkScreen('checkout-california');

    // New York: the country's registration, on the items only.
    const addAnother = async (line1: string, place: Parameters<typeof fillAddress>[2]): Promise<void> => {
      await page.getByRole('button', { name: 'Add another address' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add an address' });
      await shown(dialog);
      await fillAddress(dialog, line1, place);
      await gone(dialog);
      await shown(choice(line1));
      expect(await choice(line1).isChecked()).toBe(true);
    };
    await addAnother(addresses.newYork, {
      city: 'New York',
      region: 'NY',
      postalCode: '10012',
      country: 'US',
      phone: '+1 212 555 0100',
    });
    await eventually(async () => squeeze(await checkoutFigures(page).innerText())).toBe(
      'Items $30 Shipping $28 Tax $1.50 Sales tax US 5 % Total $59.50',
    );
    await journey.checkScreen('checkout-new-york');

    // France: the shop is not registered there.
    await addAnother(addresses.france, {
      city: 'Paris',
      postalCode: '75001',
      country: 'FR',
      phone: '+33 1 42 00 00 00',
    });
    await eventually(async () => squeeze(await checkoutFigures(page).innerText())).toBe(
      'Items $30 Shipping $28 Tax $0 Not registered: no tax Total $58',
    );
    await journey.checkScreen('checkout-france');

    // Back to California, and ordered there: the order keeps the tax it was shown.
    await choice(addresses.california).check();
    await eventually(async () => squeeze(await checkoutFigures(page).innerText())).toBe(
      'Items $30 Shipping $28 Tax $4.21 Sales tax US-CA 7.25 % Total $62.21',
    );
    await page.getByRole('button', { name: 'Place order' }).click();
    await seeToast(page, 'Order placed. Pay for it below.');
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/payments/'));
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    await shown(fact(page, 'Tax').getByText('Sales tax US-CA 7.25 %', { exact: true }));
    expect(squeeze(await fact(page, 'Tax').innerText())).toBe('$4.21 Sales tax US-CA 7.25 %');
    expect(await fact(page, 'Total').innerText()).toBe('$62.21');
    const order = await apiExpect(200, 'GET /order/:id', { as: customer, params: { id: orderId } });
    expect(order).toMatchObject({ price: 62.21, tax: 4.21 });
    expect(order.taxLines).toMatchObject([
      { reason: 'taxed', jurisdiction: 'US-CA', label: 'Sales tax', rate: 7.25, taxable: 58, amount: 4.21 },
    ]);
    await journey.close();
  });

  it('on a phone (390 px) the admin adds, changes and ends a registration, every action in reach', async () => {
    const journey = await startJourney(browser, 'tax-page-phone', shopAdmin);
    const { page } = journey;
    await atPhoneWidth(page);
    await page.goto('/dashboard');
    await shown(page.getByRole('heading', { name: 'Shop overview' }));
    // The menu button opens the drawer with the dashboard's links.
    await tap(page, page.getByRole('banner').locator('label[for="dashboard-drawer"]'));
    await tap(page, dashboardMenu(page).getByRole('link', { name: 'Tax', exact: true }));
    await atPath(page, '/dashboard/tax');
    const card = (place: string) => cardOf(page, 'Tax registrations', place);
    await shown(card('US-CA'));
    await expectNoSidewaysScroll(page);
    await checkThenPhone(journey, 'tax-page-phone');

    // Ontario, Canada: added...
    const form = page.getByRole('form', { name: 'Add a registration' });
    await form.getByLabel('Country', { exact: true }).selectOption('CA');
    await form.getByLabel('Region (optional)').fill('ON');
    await form.getByLabel('Tax name').fill('HST');
    await form.getByLabel('Rate (%)').fill('13');
    await tap(page, form.getByRole('button', { name: 'Add registration' }));
    await seeToast(page, 'Registration added for CA-ON');
    await shown(card('CA-ON'));
    expect(squeeze(await card('CA-ON').innerText())).toContain('Tax name HST Rate 13 % Shipping taxed Yes');
    await expectNoSidewaysScroll(page);

    // ... its rate changed in the dialog...
    await tap(page, card('CA-ON').getByRole('button', { name: 'Edit the registration for CA-ON' }));
    const dialog = page.getByRole('dialog', { name: 'Registration for CA-ON' });
    await shown(dialog);
    expect(await dialog.getByLabel('Rate (%)').inputValue()).toBe('13');
    await dialog.getByLabel('Rate (%)').fill('13.5');
    await checkThenPhone(journey, 'tax-edit-phone');
    await tap(page, dialog.getByRole('button', { name: 'Save', exact: true }));
    await seeToast(page, 'Registration for CA-ON saved');
    await gone(dialog);
    await shown(card('CA-ON').getByText('13.5 %', { exact: true }));

    // ... and ended.
    await tap(page, card('CA-ON').getByRole('button', { name: 'End the registration for CA-ON' }));
    const confirm = page.getByRole('dialog', { name: 'End the registration for CA-ON?' });
    await shown(confirm);
    await checkThenPhone(journey, 'tax-end-phone');
    await tap(page, confirm.getByRole('button', { name: 'End registration' }));
    await seeToast(page, 'Registration for CA-ON ended');
    await gone(card('CA-ON'));
    await shown(card('US-CA'));
    await expectNoSidewaysScroll(page);
    expect((await apiExpect(200, 'GET /tax-registration', { as: shopAdmin })).map(placeOf)).toEqual([
      'US',
      'US-CA',
    ]);
    await journey.close();
  });

  it('on a phone (390 px) a customer reads the Tax row at checkout, places the order and pays, every action in reach', async () => {
    const customer = await newCustomer('Rio');
    const tool = await taxedTool();
    const address = await addAddress(customer, inCalifornia());
    await apiExpect(200, 'PUT /cart/lines', {
      as: customer,
      body: { lines: [{ toolId: tool._id, quantity: 10 }] },
    });
    const journey = await startJourney(browser, 'tax-checkout-phone', { token: customer.token });
    const { page } = journey;
    await atPhoneWidth(page);

    await page.goto('/checkout');
    expect(await page.getByRole('radio', { name: new RegExp(address.line1) }).isChecked()).toBe(true);
    await eventually(async () => squeeze(await checkoutFigures(page).innerText())).toBe(
      'Items $30 Shipping $28 Tax $4.21 Sales tax US-CA 7.25 % Total $62.21',
    );
    await shown(page.getByText('Prices exclude tax; tax is worked out from the delivery address.'));
    await expectNoSidewaysScroll(page);
    await checkThenPhone(journey, 'checkout-tax-phone');
    await tap(page, page.getByRole('button', { name: 'Place order' }));
    await seeToast(page, 'Order placed. Pay for it below.');
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/payments/'));
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    await shown(fact(page, 'Tax').getByText('Sales tax US-CA 7.25 %', { exact: true }));
    await expectNoSidewaysScroll(page);
    await checkThenPhone(journey, 'payment-tax-phone');
    await payWithDemoCard(page, orderId, (button) => tap(page, button));
    const [order] = await myOrdersByApi(customer);
    expect(order).toMatchObject({ _id: orderId, paid: true, price: 62.21 });
    await journey.close();
  });
});
