import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company } from '@shop/shared/company';
import {
  adminToken,
  createTool,
  newCustomer,
  payOrderByApi,
  placeOrderByApi,
  type TestUser,
} from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { hasChromium } from './helpers/context';
import { SCREENSHOT_DIR } from './helpers/settings';
import { dashboardMenu } from './helpers/ui';
import { atPath, eventually, gone, shown } from './helpers/wait';

/** How many pages a PDF has (each page object is `/Type /Page`, the tree `/Type /Pages`). */
const pdfPages = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;

/** Whether the page's print button ran window.print() (headless Chromium would open no dialog). */
async function watchPrint(page: Page) {
  await page.evaluate(() => {
    window.print = () => document.documentElement.setAttribute('data-printed', 'yes');
  });
  return () => page.evaluate(() => document.documentElement.getAttribute('data-printed'));
}

/** docs/behaviour.md §5.15: a paid order's receipt, and Total Orders' filters and CSV export. */
describe.skipIf(!hasChromium)('receipts and Total Orders', () => {
  let browser: Browser;
  let customer: TestUser;
  let toolName: string;
  let toolSku: string;
  let paidOrderId: string;
  let transactionId: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    customer = await newCustomer('Rhea');
    const tool = await createTool({ perPartsPrice: 4, orderQuantity: 10, availableQuantity: 500 });
    toolName = tool.name;
    toolSku = tool.sku;
    paidOrderId = await placeOrderByApi(customer, tool._id, 30);
    transactionId = await payOrderByApi(customer, paidOrderId);
    await placeOrderByApi(customer, tool._id, 10);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a customer opens the receipt of a paid order from My Orders, prints it, and it fits one page', async () => {
    const journey = await startJourney(browser, 'receipt-customer', { token: customer.token });
    const { page } = journey;
    await page.goto('/dashboard/my-orders');
    // The unpaid order has Pay, no receipt; the paid one has its receipt.
    await shown(page.getByRole('link', { name: 'Pay' }));
    await expect.poll(() => page.getByRole('link', { name: `Receipt for ${toolName}` }).count()).toBe(1);
    await page.getByRole('link', { name: `Receipt for ${toolName}` }).click();
    await atPath(page, `/dashboard/orders/${paidOrderId}/receipt`);

    const receipt = page.getByRole('article', { name: 'Receipt' });
    await shown(receipt.getByText(transactionId, { exact: true }));
    await shown(receipt.getByText(company.name, { exact: true }));
    await shown(receipt.getByText(paidOrderId, { exact: true }));
    await shown(receipt.getByText(customer.email, { exact: true }));
    await shown(receipt.getByRole('row', { name: `${toolName} SKU ${toolSku} 30 $4 $120` }));
    await shown(receipt.getByRole('row', { name: 'Shipping $25' }));
    await shown(receipt.getByRole('row', { name: 'Total paid $145' }));
    await journey.checkScreen('receipt');

    const printed = await watchPrint(page);
    await page.getByRole('button', { name: 'Print' }).click();
    await eventually(printed).toBe('yes');

    // On paper: no bar, no dashboard menu, no buttons; the receipt alone, black on white.
    await page.emulateMedia({ media: 'print' });
    await gone(page.getByRole('banner'));
    await gone(dashboardMenu(page));
    await gone(page.getByRole('button', { name: 'Print' }));
    await shown(receipt);
    expect(await receipt.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(0, 0, 0)');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'receipt-customer-print.png'), fullPage: true });
    for (const format of ['A4', 'Letter'] as const) {
      expect(pdfPages(await page.pdf({ format, printBackground: true })), format).toBe(1);
    }
    await page.emulateMedia({ media: 'screen' });
    await journey.close();
  });

  it('another customer cannot open it: the page says there is no such receipt', async () => {
    const stranger = await newCustomer('Sid');
    const journey = await startJourney(browser, 'receipt-stranger', { token: stranger.token });
    await journey.page.goto(`/dashboard/orders/${paidOrderId}/receipt`);
    await shown(journey.page.getByText("We could not find this order's receipt."));
    await gone(journey.page.getByText(transactionId));
    await journey.checkScreen('receipt-not-found');
    await journey.close();
  });

  it('an admin filters Total Orders by state and customer, downloads the CSV and opens the receipt', async () => {
    const journey = await startJourney(browser, 'total-orders-admin', { token: await adminToken() });
    const { page } = journey;
    await page.goto('/dashboard');
    await dashboardMenu(page).getByRole('link', { name: 'Total Orders' }).click();
    await atPath(page, '/dashboard/all-orders');

    await page.getByLabel('State').selectOption('paid');
    await page.getByLabel('Search by customer name or e-mail').fill(customer.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(() => new URL(page.url()).search)
      .toBe(`?state=paid&q=${encodeURIComponent(customer.email)}`);
    const table = page.getByRole('region', { name: 'All orders' });
    await shown(table.getByRole('cell', { name: toolName, exact: true }));
    // Only the paid order: the customer's unpaid one is filtered out.
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await journey.checkScreen('total-orders-filtered');

    await page.getByLabel('State').selectOption('cancelled');
    // With a search too, the sentence is the search's (§5.15).
    await shown(page.getByText('No orders match this search.'));
    await journey.checkScreen('total-orders-cancelled');
    await page.goBack();
    await shown(table.getByRole('cell', { name: toolName, exact: true }));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export these orders (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    expect(header).toMatch(/^Order number,Placed at,Customer,Email,/);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(paidOrderId);
    expect(rows[0]).toContain(`${customer.email},01711000000`);
    expect(rows[0]).toContain(`,paid,`);
    expect(rows[0]).toContain(transactionId);

    await table.getByRole('link', { name: `Receipt: ${toolName} for ${customer.name}` }).click();
    await atPath(page, `/dashboard/orders/${paidOrderId}/receipt`);
    await shown(page.getByRole('article', { name: 'Receipt' }).getByText(transactionId, { exact: true }));
    await page.getByRole('link', { name: 'Back to Total Orders' }).click();
    await atPath(page, '/dashboard/all-orders');
    await journey.close();
  });
});
