import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  apiExpect,
  createTool as createShopTool,
  myOrdersByApi,
  newCustomer,
  removeTools,
  unique,
  type TestUser,
} from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { hasChromium } from './helpers/context';
import { nextMailTo } from './helpers/mail';
import { payWithDemoCard } from './helpers/payment';
import { atPhoneWidth, checkThenPhone, expectNoSidewaysScroll, tap } from './helpers/phone';
import { addAddress } from './helpers/trade';
import { dashboardMenu } from './helpers/ui';
import { atPath, eventually, gone, seeToast, shown, textsOf } from './helpers/wait';

/**
 * docs/behaviour.md §5.18 (the cart and checkout) and §4.17 (the address book): a buyer fills
 * the cart from the product pages, fixes a quantity the pack size refuses, keeps an address,
 * checks out once for every tool and pays once; the order, its receipt, its mail and the admin's
 * CSV name every line. The test server sets no ORDER_MINIMUM (global-setup.ts): the cart is
 * checked to show no shortfall, and checkout to be open, without one.
 */

/** An element's text as read, its white space collapsed. */
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** RFC 4180 as the export writes it (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        cell += '"';
        at++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[at + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      at++;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** This file's tools, taken out of the shop after it (removeTools). */
const toolIds: string[] = [];
async function createTool(fields: Parameters<typeof createShopTool>[0]) {
  const tool = await createShopTool(fields);
  toolIds.push(tool._id);
  return tool;
}

/** The three tools of a cart: a pack size with a price break, a plain one, and one near a break. */
async function threeTools(word: string) {
  // Packs of 24 from 24 at $10; $9.00 each from 48; $30 shipping (the order's highest).
  const packed = await createTool({
    name: `${word} Sash Brush`,
    orderQuantity: 24,
    packSize: 24,
    perPartsPrice: 10,
    shipPrice: 30,
    priceBreaks: [{ fromQuantity: 48, unitPrice: 9 }],
  });
  // From 10 at $3, any quantity.
  const plain = await createTool({ name: `${word} Foam Roller`, orderQuantity: 10, perPartsPrice: 3 });
  // Packs of 5 at $4; $3.50 each from 30.
  const nearBreak = await createTool({
    name: `${word} Paint Tray`,
    orderQuantity: 5,
    packSize: 5,
    perPartsPrice: 4,
    priceBreaks: [{ fromQuantity: 30, unitPrice: 3.5 }],
  });
  return { packed, plain, nearBreak };
}

const cartLine = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Tools in your cart' }).getByRole('article', { name });

describe.skipIf(!hasChromium)('the cart and checkout', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await removeTools(toolIds);
  });

  it('a customer fills the cart from three product pages, keeps an address, checks out and pays once; the order, receipt, mail and CSV name every line', async () => {
    const customer = await newCustomer('Cato');
    const word = `Cartwright${unique()}`;
    const { packed, plain, nearBreak } = await threeTools(word);
    const journey = await startJourney(browser, 'cart-checkout', { token: customer.token });
    const { page } = journey;

    // An empty cart (a page the browser renders itself) leads to the catalogue.
    await page.goto('/cart');
    await shown(page.getByText(/^Your cart is empty\./));
    await journey.checkScreen('cart-empty');
    await page.getByRole('link', { name: 'Browse the products' }).click();
    await atPath(page, '/all-products');
    await page.getByLabel('Search tools').fill(word);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const cardLink = (name: string) =>
      page.getByRole('article').getByRole('heading', { name }).getByRole('link', { name, exact: true });
    await shown(cardLink(packed.name));

    // The packed tool: 40 is not whole packs of 24. The refusal names the nearest quantities,
    // each a button; choosing 48 puts it in the field, and then it is added.
    await cardLink(packed.name).click();
    await atPath(page, `/tools/${packed._id}`);
    let form = page.getByRole('form', { name: `Add ${packed.name} to your cart` });
    const quantity = () => form.getByLabel('Quantity to add', { exact: true });
    await shown(form.getByText('Sold in packs of 24.', { exact: true }));
    await quantity().fill('40');
    await form.getByRole('button', { name: 'Add to cart' }).click();
    const refusal = form.getByRole('alert');
    await shown(refusal.getByText('Sold in packs of 24: order 24 or 48', { exact: true }));
    expect(await textsOf(refusal.getByRole('button'))).toEqual(['Choose 24', 'Choose 48']);
    expect(await quantity().getAttribute('aria-invalid')).toBe('true');
    await journey.checkScreen('add-to-cart-refused');
    await refusal.getByRole('button', { name: 'Choose 48' }).click();
    await gone(refusal);
    expect(await quantity().inputValue()).toBe('48');
    await form.getByRole('button', { name: 'Add to cart' }).click();
    await shown(form.getByRole('status').getByText('Added: your cart holds 48.'));
    await seeToast(page, `${packed.name}: 48 in your cart`);
    // The cart refused nothing behind the buyer's back: 40 was never kept.
    const afterFirst = await apiExpect(200, 'GET /cart', { as: customer });
    expect(afterFirst.lines.map((line) => [line.toolId, line.quantity])).toEqual([[packed._id, 48]]);

    // The plain tool at its minimum, as the field starts; the third at 20.
    await page.goBack();
    await cardLink(plain.name).click();
    await atPath(page, `/tools/${plain._id}`);
    form = page.getByRole('form', { name: `Add ${plain.name} to your cart` });
    expect(await quantity().inputValue()).toBe('10');
    await form.getByRole('button', { name: 'Add to cart' }).click();
    await shown(form.getByRole('status').getByText('Added: your cart holds 10.'));

    await page.goBack();
    await cardLink(nearBreak.name).click();
    await atPath(page, `/tools/${nearBreak._id}`);
    form = page.getByRole('form', { name: `Add ${nearBreak.name} to your cart` });
    await quantity().fill('20');
    await form.getByRole('button', { name: 'Add to cart' }).click();
    await shown(form.getByRole('status').getByText('Added: your cart holds 20.'));

    // The cart: each line at the rung it reached. 48 of the packed tool at the $9.00 break
    // (not its $10 base price); the tray 10 short of its break, which the line says.
    await page.getByRole('banner').getByRole('link', { name: 'Cart 3 tools' }).click();
    await atPath(page, '/cart');
    const packedLine = cartLine(page, packed.name);
    await shown(packedLine);
    expect(squeeze(await packedLine.innerText())).toContain(`SKU ${packed.sku} $9.00 each`);
    expect(squeeze(await packedLine.innerText())).toContain('$432');
    expect(await packedLine.getByLabel(`Quantity of ${packed.name}`).inputValue()).toBe('48');
    const trayLine = cartLine(page, nearBreak.name);
    expect(squeeze(await trayLine.innerText())).toContain('$4.00 each Add 10 more to pay $3.50 each');
    expect(
      await textsOf(page.getByRole('list', { name: 'Tools in your cart' }).getByRole('heading')),
    ).toEqual([packed.name, plain.name, nearBreak.name]);

    // A quantity changed in the cart: the roller to 20, saved, and the figures follow.
    const rollerLine = cartLine(page, plain.name);
    await rollerLine.getByLabel(`Quantity of ${plain.name}`).fill('20');
    await rollerLine.getByRole('button', { name: `Update ${plain.name}` }).click();
    await shown(rollerLine.getByRole('status').getByText('Saved.'));
    const summary = page.getByRole('region', { name: 'Order summary' });
    // Items 48 × $9 + 20 × $3 + 20 × $4 = $572; shipping once, the highest ship price ($30).
    await eventually(async () => squeeze(await summary.locator('dl').innerText())).toBe(
      'Items $572 Shipping $30 Total $602',
    );
    // No ORDER_MINIMUM on the test server: no shortfall is shown, and Check out is open.
    expect(await summary.getByText(/more to reach the/).count()).toBe(0);
    expect((await apiExpect(200, 'GET /cart', { as: customer })).orderMinimum).toBeNull();
    await shown(summary.getByRole('link', { name: 'Check out' }));
    await journey.checkScreen('cart');

    // The address book, under My Profile: the first address added is the default.
    await page.goto('/dashboard/my-profile');
    await page.getByRole('link', { name: 'Manage addresses' }).click();
    await atPath(page, '/dashboard/my-profile/addresses');
    await shown(page.getByText('You have no saved addresses yet. Add one and checkout will offer it.'));
    await page.getByRole('button', { name: 'Add an address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an address' });
    await shown(dialog);
    const street = `${unique()} Easel Street`;
    await dialog.getByLabel('Name', { exact: true }).fill(customer.name);
    await dialog.getByLabel('Company (optional)').fill('Cato Decorators Ltd');
    await dialog.getByLabel('Address line 1', { exact: true }).fill(street);
    await dialog.getByLabel('City', { exact: true }).fill('Leeds');
    await dialog.getByLabel('Postal code', { exact: true }).fill('LS1 4AP');
    await dialog.getByLabel('Country', { exact: true }).selectOption('GB');
    await dialog.getByLabel('Phone', { exact: true }).fill('+44 113 496 0000');
    await journey.checkScreen('address-add');
    await dialog.getByRole('button', { name: 'Save address' }).click();
    await seeToast(page, 'Address added');
    await gone(dialog);
    const addressCard = page
      .getByRole('list', { name: 'Your addresses' })
      .getByRole('article', { name: `${customer.name}, ${street}` });
    await shown(addressCard.getByText('Default', { exact: true }));
    expect(await textsOf(addressCard.locator('address span'))).toEqual([
      customer.name,
      'Cato Decorators Ltd',
      street,
      'Leeds LS1 4AP',
      'United Kingdom',
      '+44 113 496 0000',
    ]);
    await journey.checkScreen('address-book');

    // Checkout: the address picked, a PO number and a note; one order of every line.
    await page.getByRole('banner').getByRole('link', { name: 'Cart 3 tools' }).click();
    await summary.getByRole('link', { name: 'Check out' }).click();
    await atPath(page, '/checkout');
    const address = page
      .getByRole('group', { name: 'Choose the address to ship to' })
      .getByRole('radio', { name: new RegExp(street) });
    await address.check();
    expect(await address.isChecked()).toBe(true);
    const poNumber = `PO-${unique()}`;
    const note = 'Leave it at the side gate, please.';
    await page.getByLabel('PO number (optional)').fill(poNumber);
    await page.getByLabel('Note (optional)').fill(note);
    const checkoutSummary = page.getByRole('region', { name: 'Your order' });
    expect(
      await textsOf(checkoutSummary.getByRole('list', { name: 'Tools in this order' }).getByRole('listitem')),
    ).toEqual([
      `${packed.name}48 × $9.00$432`,
      `${plain.name}20 × $3.00$60`,
      `${nearBreak.name}20 × $4.00$80`,
    ]);
    await journey.checkScreen('checkout');
    await page.getByRole('button', { name: 'Place order' }).click();
    await seeToast(page, 'Order placed. Pay for it below.');
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/payments/'));
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    const orderName = `${packed.name} and 2 more`;

    // One order, paid once, for the cart's total.
    const summaryRows = page.getByRole('definition');
    await shown(summaryRows.first());
    // The shop is not registered for tax in this journey (docs/behaviour.md §5.22): none, and it says so.
    expect(await textsOf(summaryRows)).toEqual([
      customer.name,
      orderName,
      '88',
      '$572',
      '$30',
      '$0Not registered: no tax',
      '$602',
    ]);
    await journey.checkScreen('payment-of-cart');
    await payWithDemoCard(page, orderId);
    const orders = await myOrdersByApi(customer);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ _id: orderId, toolsName: orderName, paid: true, price: 602 });
    expect((await apiExpect(200, 'GET /cart', { as: customer })).lines).toEqual([]);

    // My Orders: one row, named by its first tool and how many more, to the order's page.
    await page.goto('/dashboard/my-orders');
    const table = page.getByRole('region', { name: 'Your orders' });
    await shown(table.getByText('Paid', { exact: true }));
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await journey.checkScreen('my-orders-cart-order');
    await table.getByRole('link', { name: orderName, exact: true }).click();
    await atPath(page, `/dashboard/orders/${orderId}`);
    await shown(page.getByRole('heading', { name: `Order: ${orderName}` }));
    await shown(page.getByRole('heading', { name: 'Tools (3)' }));
    const lines = page.getByRole('table', { name: 'Tools in this order' });
    expect(await textsOf(lines.getByRole('row'))).toEqual([
      'ToolQuantityUnit priceTotal',
      `${packed.name} SKU ${packed.sku}48$9.00$432`,
      `${plain.name} SKU ${plain.sku}20$3.00$60`,
      `${nearBreak.name} SKU ${nearBreak.sku}20$4.00$80`,
    ]);
    const fact = (term: string) =>
      page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
    expect(await fact('PO number').innerText()).toBe(poNumber);
    expect(await fact('Note').innerText()).toBe(note);
    expect(await textsOf(fact('Ship to').locator('address span'))).toContain(street);
    await journey.checkScreen('order-page-cart-order');

    // The receipt: a row per line, each with its SKU; the PO number and the note.
    await page.getByRole('link', { name: 'Back to My Orders' }).click();
    await table.getByRole('link', { name: `Receipt for ${orderName}` }).click();
    await atPath(page, `/dashboard/orders/${orderId}/receipt`);
    const receipt = page.getByRole('article', { name: 'Receipt' });
    await shown(receipt.getByText(orderId, { exact: true }));
    await shown(receipt.getByRole('row', { name: `${packed.name} SKU ${packed.sku} 48 $9 $432` }));
    await shown(receipt.getByRole('row', { name: `${plain.name} SKU ${plain.sku} 20 $3 $60` }));
    await shown(receipt.getByRole('row', { name: `${nearBreak.name} SKU ${nearBreak.sku} 20 $4 $80` }));
    await shown(receipt.getByRole('row', { name: 'Total paid $602' }));
    await shown(receipt.getByText(poNumber, { exact: true }));
    await shown(receipt.getByText(note, { exact: true }));
    await journey.checkScreen('receipt-cart-order');
    await journey.close();

    // The mails: placed and paid, each with every line, the PO number and the note.
    const placed = await nextMailTo(customer.email, `We received your order: ${orderName}`);
    const placedLines = (placed.text ?? '').split('\n').map((line) => line.trim());
    expect(placedLines).toEqual(
      expect.arrayContaining([
        `Order ${orderId}`,
        `Your PO number: ${poNumber}`,
        `${packed.name}: 48 × $9.00 = $432`,
        `${plain.name}: 20 × $3.00 = $60`,
        `${nearBreak.name}: 20 × $4.00 = $80`,
        'Items: $572',
        'Shipping: $30',
        'Total to pay: $602',
        `Your note: ${note}`,
      ]),
    );
    const paidMail = await nextMailTo(customer.email, `Payment received: your receipt for ${orderName}`);
    expect((paidMail.text ?? '').split('\n').map((line) => line.trim())).toEqual(
      expect.arrayContaining([`Your PO number: ${poNumber}`, 'Total paid: $602']),
    );

    // The admin: the order in Total Orders, and the CSV has one row per line.
    const admin = await startJourney(browser, 'cart-checkout-admin', { token: await adminToken() });
    const adminPage = admin.page;
    await adminPage.goto('/dashboard');
    await dashboardMenu(adminPage).getByRole('link', { name: 'Total Orders' }).click();
    await atPath(adminPage, '/dashboard/all-orders');
    await adminPage.getByLabel('Search by customer name or e-mail').fill(customer.email);
    await adminPage.getByRole('button', { name: 'Search' }).click();
    const allOrders = adminPage.getByRole('region', { name: 'All orders' });
    await shown(allOrders.getByRole('link', { name: orderName, exact: true }));
    await expect.poll(() => allOrders.getByRole('row').count()).toBe(2);
    await admin.checkScreen('total-orders-cart-order');
    const [download] = await Promise.all([
      adminPage.waitForEvent('download'),
      adminPage.getByRole('button', { name: 'Export these orders (CSV)' }).click(),
    ]);
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...rows] = parseCsv(csv);
    const column = (name: string) => {
      const index = header!.indexOf(name);
      expect(index, `the CSV has a '${name}' column`).toBeGreaterThanOrEqual(0);
      return (row: string[]) => row[index];
    };
    const [orderNumber, line, sku, tool, count, po, noteCell, state] = [
      'Order number',
      'Line',
      'SKU',
      'Tool',
      'Quantity',
      'PO number',
      'Note',
      'State',
    ].map(column);
    expect(rows.map((row) => [orderNumber!(row), line!(row), sku!(row), tool!(row), count!(row)])).toEqual([
      [orderId, '1', packed.sku, packed.name, '48'],
      [orderId, '2', plain.sku, plain.name, '20'],
      [orderId, '3', nearBreak.sku, nearBreak.name, '20'],
    ]);
    for (const row of rows) {
      expect([po!(row), noteCell!(row), state!(row)]).toEqual([poNumber, note, 'paid']);
    }
    await admin.close();
  });

  it('on a phone (390 px) every cart action is in reach: change a quantity, remove a line, check out, place the order', async () => {
    const customer: TestUser = await newCustomer('Dara');
    const { packed, plain, nearBreak } = await threeTools(`Thumbwise${unique()}`);
    await apiExpect(200, 'PUT /cart/lines', {
      as: customer,
      body: {
        lines: [
          { toolId: packed._id, quantity: 24 },
          { toolId: plain._id, quantity: 10 },
          { toolId: nearBreak._id, quantity: 5 },
        ],
      },
    });
    const street = `${unique()} Palette Road`;
    await addAddress(customer, {
      line1: street,
      city: 'York',
      postalCode: 'YO1 7HH',
      phone: '+44 1904 000000',
    });
    const journey = await startJourney(browser, 'cart-phone', { token: customer.token });
    const { page } = journey;
    await atPhoneWidth(page);

    await page.goto('/cart');
    const packedLine = cartLine(page, packed.name);
    await shown(packedLine);
    await expectNoSidewaysScroll(page);
    await checkThenPhone(journey, 'cart-phone');

    // A wrong pack size is refused at the line, with the quantities that would do; one is tapped.
    await packedLine.getByLabel(`Quantity of ${packed.name}`).fill('30');
    await tap(page, packedLine.getByRole('button', { name: `Update ${packed.name}` }));
    const refusal = packedLine.getByRole('alert');
    await shown(
      refusal.getByText('Sold in packs of 24: order 24 or 48 Your cart still holds 24.', { exact: true }),
    );
    await tap(page, refusal.getByRole('button', { name: 'Choose 48' }));
    await shown(packedLine.getByRole('status').getByText('Saved.'));
    expect(await packedLine.getByLabel(`Quantity of ${packed.name}`).inputValue()).toBe('48');

    // A quantity typed and saved with Update.
    const rollerLine = cartLine(page, plain.name);
    await rollerLine.getByLabel(`Quantity of ${plain.name}`).fill('30');
    await tap(page, rollerLine.getByRole('button', { name: `Update ${plain.name}` }));
    await shown(rollerLine.getByRole('status').getByText('Saved.'));

    // Remove: the line goes, the others stay.
    await tap(page, cartLine(page, nearBreak.name).getByRole('button', { name: `Remove ${nearBreak.name}` }));
    await seeToast(page, `${nearBreak.name} removed from your cart`);
    await gone(cartLine(page, nearBreak.name));
    await expectNoSidewaysScroll(page);
    const summary = page.getByRole('region', { name: 'Order summary' });
    // 48 × $9 + 30 × $3 = $522, and $30 shipping.
    await eventually(async () => squeeze(await summary.locator('dl').innerText())).toBe(
      'Items $522 Shipping $30 Total $552',
    );

    await tap(page, summary.getByRole('link', { name: 'Check out' }));
    await atPath(page, '/checkout');
    // The only address is the default, chosen already.
    const address = page.getByRole('radio', { name: new RegExp(street) });
    await shown(address);
    expect(await address.isChecked()).toBe(true);
    await page.getByLabel('PO number (optional)').fill(`PO-${unique()}`);
    await expectNoSidewaysScroll(page);
    await checkThenPhone(journey, 'checkout-phone');
    await tap(page, page.getByRole('button', { name: 'Place order' }));
    await seeToast(page, 'Order placed. Pay for it below.');
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/payments/'));
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    await payWithDemoCard(page, orderId, (button) => tap(page, button));
    const [order] = await myOrdersByApi(customer);
    expect(order).toMatchObject({
      _id: orderId,
      toolsName: `${packed.name} and 1 more`,
      paid: true,
      price: 552,
    });
    await journey.close();
  });
});
