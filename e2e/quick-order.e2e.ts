import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiExpect,
  asAdmin,
  createTool as createShopTool,
  newCustomer,
  payOrderByApi,
  removeTools,
  unique,
} from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { hasChromium } from './helpers/context';
import { atPhoneWidth, cardOf, checkThenPhone, expectNoSidewaysScroll, tap } from './helpers/phone';
import { addAddress } from './helpers/trade';
import { dashboardMenu } from './helpers/ui';
import { atPath, eventually, gone, seeToast, shown, textsOf } from './helpers/wait';

/**
 * docs/behaviour.md §5.19 (quick order and ordering again) and §5.20 (saved lists): a trade
 * buyer orders by SKU from the pad (typed lines and a CSV file), every row checked and shown
 * before anything goes into the cart; orders again at today's prices, told when one changed; and
 * keeps the cart as a named list, added to the cart later, renamed and deleted.
 */

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** This file's tools, taken out of the shop after it (removeTools). */
const toolIds: string[] = [];
async function createTool(fields: Parameters<typeof createShopTool>[0]) {
  const tool = await createShopTool(fields);
  toolIds.push(tool._id);
  return tool;
}

/** Every part of an order of four tools: a plain one, one at a price break, a packed one, a small one. */
async function fourTools(word: string) {
  const roller = await createTool({ name: `${word} Foam Roller`, orderQuantity: 10, perPartsPrice: 3 });
  // $10 each, $9.00 from 24: the price the admin raises later.
  const brush = await createTool({
    name: `${word} Sash Brush`,
    orderQuantity: 12,
    packSize: 12,
    perPartsPrice: 10,
    priceBreaks: [{ fromQuantity: 24, unitPrice: 9 }],
  });
  const tray = await createTool({
    name: `${word} Paint Tray`,
    orderQuantity: 24,
    packSize: 24,
    perPartsPrice: 5,
  });
  const knife = await createTool({ name: `${word} Putty Knife`, orderQuantity: 5, perPartsPrice: 2 });
  return { roller, brush, tray, knife };
}

const pad = (page: Page) => page.getByLabel('SKUs and quantities', { exact: true });
const checkedRows = (page: Page) => page.getByRole('list', { name: 'Rows as checked' });
/** The pad's row for one line of its text, as checked: 'Line 4: Paint Tray, SKU BW-…'. */
const checkedLine = (page: Page, line: number) =>
  checkedRows(page)
    .getByRole('listitem')
    .filter({ hasText: new RegExp(`^\\s*Line ${line}:`) });

describe.skipIf(!hasChromium)('quick order, ordering again and saved lists', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await removeTools(toolIds);
  });

  it('a trade buyer orders by SKU from the pad and a CSV file, orders again after a price change, and keeps the cart as a list', async () => {
    const customer = await newCustomer('Tove');
    const { roller, brush, tray, knife } = await fourTools(`Padwright${unique()}`);
    await addAddress(customer);
    const unknownSku = `NOPE-${unique().toUpperCase()}`;
    const journey = await startJourney(browser, 'quick-order', { token: customer.token });
    const { page } = journey;

    // Five lines, separated as a spreadsheet or a person would: one SKU no tool has, one
    // quantity that is not whole packs of 24.
    await page.goto('/dashboard');
    await page.getByRole('banner').getByRole('link', { name: 'Quick order' }).click();
    await atPath(page, '/quick-order');
    // The pack-size row is space-separated: a comma-separated row whose SKU ends in a digit
    // ('BW-…577,40') is not rewritten in place when a quantity is chosen (pad-text.ts
    // withQuantity takes '577,40' for one number), and under a CSV header not at all.
    const typed = [
      `${roller.sku} 10`,
      `${brush.sku}\t24`,
      `${unknownSku} 5`,
      `${tray.sku} 40`,
      `${knife.sku},5`,
    ].join('\n');
    await pad(page).fill(typed);
    await page.getByRole('button', { name: 'Check rows' }).click();
    await shown(page.getByText('5 rows checked: 3 valid, 2 refused.', { exact: true }));

    // Every row's result, in the pad's order.
    const rowText = async (line: number) => squeeze(await checkedLine(page, line).innerText());
    expect(await rowText(1)).toBe(
      `Line 1: ${roller.name}, SKU ${roller.sku} Valid Quantity 10. Your cart would then hold 10.`,
    );
    expect(await rowText(2)).toBe(
      `Line 2: ${brush.name}, SKU ${brush.sku} Valid Quantity 24. Your cart would then hold 24.`,
    );
    expect(await rowText(3)).toBe(
      `Line 3: SKU ${unknownSku} Refused Quantity 5. No tool has the SKU ${unknownSku}`,
    );
    expect(await rowText(4)).toBe(
      `Line 4: ${tray.name}, SKU ${tray.sku} Refused Quantity 40. Sold in packs of 24: order 24 or 48 instead Choose 24 for line 4 Choose 48 for line 4`,
    );
    expect(await rowText(5)).toBe(
      `Line 5: ${knife.name}, SKU ${knife.sku} Valid Quantity 5. Your cart would then hold 5.`,
    );
    await shown(page.getByRole('button', { name: 'Add the 3 valid rows to the cart' }));
    // Checking changed nothing.
    expect((await apiExpect(200, 'GET /cart', { as: customer })).lines).toEqual([]);
    await journey.checkScreen('pad-checked');

    // The pack-size row fixed from its own message: the pad's line 4 now asks for 48, checked again.
    await checkedLine(page, 4).getByRole('button', { name: 'Choose 48 for line 4' }).click();
    await shown(page.getByText('5 rows checked: 4 valid, 1 refused.', { exact: true }));
    expect(await pad(page).inputValue()).toBe(typed.replace(`${tray.sku} 40`, `${tray.sku} 48`));
    expect(await rowText(4)).toBe(
      `Line 4: ${tray.name}, SKU ${tray.sku} Valid Quantity 48. Your cart would then hold 48.`,
    );
    // Focus stays on the row just fixed.
    await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe('quick-order-line-4');

    // The valid rows go in; the unknown SKU's line stays in the pad to fix.
    await page.getByRole('button', { name: 'Add the 4 valid rows to the cart' }).click();
    const added = page.getByRole('heading', { level: 2, name: 'Added 4 rows to your cart' });
    await shown(added);
    await shown(
      page.getByText('The lines that were not added are left in the pad below, to fix and check again.'),
    );
    expect(await pad(page).inputValue()).toBe(`${unknownSku} 5`);
    await gone(checkedRows(page));
    await journey.checkScreen('pad-added');
    const cart = await apiExpect(200, 'GET /cart', { as: customer });
    expect(cart.lines.map((line) => [line.sku, line.quantity])).toEqual([
      [roller.sku, 10],
      [brush.sku, 24],
      [tray.sku, 48],
      [knife.sku, 5],
    ]);

    // Checked out from the cart; paid (a past order to order again later).
    await page.getByRole('link', { name: 'Go to the cart' }).click();
    await atPath(page, '/cart');
    await page
      .getByRole('region', { name: 'Order summary' })
      .getByRole('link', { name: 'Check out' })
      .click();
    await atPath(page, '/checkout');
    await page.getByRole('button', { name: 'Place order' }).click();
    await seeToast(page, 'Order placed. Pay for it below.');
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/payments/'));
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    const orderName = `${roller.name} and 3 more`;
    await shown(page.getByRole('table', { name: 'Tools in this order' }));
    // Paid through the API once the page's own payment intent has come (its button enabled):
    // both then use the order's one intent, whatever the timing.
    await page.waitForFunction(
      () => !document.querySelector<HTMLButtonElement>('#payment-form-slot button[type=submit]')?.disabled,
    );
    await payOrderByApi(customer, orderId);

    // A CSV file (sku,quantity; another column is ignored) goes into the pad and is checked at once.
    await page.goto('/quick-order');
    await page.getByLabel('Or upload a CSV file').setInputFiles({
      name: 'van-restock.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`sku,quantity,note\r\n${roller.sku},20,top shelf\r\n${knife.sku},10,\r\n`),
    });
    await shown(page.getByText('2 rows checked: 2 valid, 0 refused.', { exact: true }));
    expect(await pad(page).inputValue()).toContain(`${roller.sku},20,top shelf`);
    expect(await rowText(2)).toBe(
      `Line 2: ${roller.name}, SKU ${roller.sku} Valid Quantity 20. Your cart would then hold 20.`,
    );
    expect(await rowText(3)).toBe(
      `Line 3: ${knife.name}, SKU ${knife.sku} Valid Quantity 10. Your cart would then hold 10.`,
    );
    await journey.checkScreen('pad-from-csv');
    await page.getByRole('button', { name: 'Add the 2 valid rows to the cart' }).click();
    await shown(page.getByRole('heading', { level: 2, name: 'Added 2 rows to your cart' }));

    // The admin raises the brush's price at 24: $9.00 becomes $9.50.
    await apiExpect(200, 'PATCH /tool/:id', {
      as: await asAdmin(),
      params: { id: brush._id },
      body: { priceBreaks: [{ fromQuantity: 24, unitPrice: 9.5 }] },
    });

    // Order again, from the order's page: every line at today's price, the changed one marked.
    await page.goto(`/dashboard/orders/${orderId}`);
    await shown(page.getByRole('heading', { name: `Order: ${orderName}` }));
    await page.getByRole('button', { name: 'Order again', exact: true }).click();
    const outcome = page.getByRole('region', { name: 'Added 4 lines to your cart' });
    await shown(outcome);
    await shown(
      outcome.getByText(`Ordered again: ${orderName}. Today’s prices apply; the PO number is not copied.`),
    );
    await shown(outcome.getByText('One price has changed since you ordered: see the line marked below.'));
    const addedLines = outcome.getByRole('region', { name: 'Added (4)' }).getByRole('listitem');
    expect((await addedLines.allInnerTexts()).map(squeeze)).toEqual([
      `${roller.name}, SKU ${roller.sku} 10 added. Your cart holds 30.`,
      `${brush.name}, SKU ${brush.sku} 24 added. Your cart holds 24. Price changed Was $9.00 each, now $9.50 each`,
      `${tray.name}, SKU ${tray.sku} 48 added. Your cart holds 48.`,
      `${knife.name}, SKU ${knife.sku} 5 added. Your cart holds 15.`,
    ]);
    await journey.checkScreen('order-again-price-changed');

    // ... and from My Orders, by the order's own button.
    await page.goto('/dashboard/my-orders');
    await page.getByRole('button', { name: `Order again: ${orderName}` }).click();
    await shown(outcome);
    await shown(outcome.getByText('Price changed', { exact: true }));
    await shown(outcome.getByText('Was $9.00 each, now $9.50 each', { exact: true }));
    await eventually(async () =>
      (await apiExpect(200, 'GET /cart', { as: customer })).lines.map((line) => [line.sku, line.quantity]),
    ).toEqual([
      [roller.sku, 40],
      [knife.sku, 20],
      [brush.sku, 48],
      [tray.sku, 96],
    ]);
    await journey.checkScreen('my-orders-order-again');
    await outcome.getByRole('button', { name: 'Dismiss' }).click();
    await gone(outcome);

    // The cart saved as a list.
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Save as list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as list' });
    await shown(
      dialog.getByText('Keep the 4 tools in your cart as a list, to add to your cart again in one go.'),
    );
    const listName = `Crew van ${unique()}`;
    await dialog.getByLabel('List name').fill(listName);
    await journey.checkScreen('save-as-list');
    await dialog.getByRole('button', { name: 'Save list' }).click();
    await gone(dialog);
    await shown(page.getByRole('status').filter({ hasText: `Saved as the list “${listName}”.` }));

    // Later, with the cart emptied (ordered elsewhere), the list fills it again.
    await apiExpect(200, 'PUT /cart/lines', {
      as: customer,
      body: { lines: [roller, brush, tray, knife].map((tool) => ({ toolId: tool._id, quantity: 0 })) },
    });
    await page.goto('/dashboard');
    await dashboardMenu(page).getByRole('link', { name: 'Saved lists' }).click();
    await atPath(page, '/dashboard/lists');
    const listLink = page
      .getByRole('list', { name: 'Your saved lists' })
      .getByRole('link', { name: listName });
    await shown(listLink);
    await journey.checkScreen('saved-lists');
    await listLink.click();
    await shown(page.getByRole('heading', { level: 2, name: listName }));
    await shown(page.getByText('4 tools, at today’s prices.', { exact: true }));
    const listLines = page.getByRole('list', { name: 'Tools in this list' }).getByRole('article');
    expect((await textsOf(listLines.getByRole('heading'))).sort()).toEqual(
      [roller.name, brush.name, tray.name, knife.name].sort(),
    );
    // Today's price of the brush's 48: the $9.50 rung.
    expect(squeeze(await listLines.filter({ hasText: brush.name }).innerText())).toContain(
      '$9.50 each today',
    );
    await journey.checkScreen('saved-list');
    await page.getByRole('button', { name: 'Add this list to the cart' }).click();
    await shown(page.getByRole('heading', { level: 3, name: 'Added 4 lines to your cart' }));
    const refilled = await apiExpect(200, 'GET /cart', { as: customer });
    expect(refilled.lines.map((line) => [line.sku, line.quantity]).sort()).toEqual(
      [
        [roller.sku, 40],
        [knife.sku, 20],
        [brush.sku, 48],
        [tray.sku, 96],
      ].sort(),
    );

    // Renamed, then deleted.
    const renamed = `${listName} (north crew)`;
    const nameField = page.getByRole('form', { name: 'Rename the list' }).getByLabel('List name');
    await nameField.fill(renamed);
    await page.getByRole('button', { name: 'Rename', exact: true }).click();
    await seeToast(page, `List renamed to “${renamed}”`);
    await shown(page.getByRole('heading', { level: 2, name: renamed }));
    await page.getByRole('button', { name: 'Delete list' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete the list “${renamed}”?` });
    await shown(confirm.getByText('Your cart and your orders stay as they are.'));
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await seeToast(page, `The list “${renamed}” was deleted`);
    await atPath(page, '/dashboard/lists');
    await shown(page.getByText('You have no saved lists yet.'));
    expect(await apiExpect(200, 'GET /list', { as: customer })).toEqual([]);
    await journey.close();
  });

  it('on a phone (390 px) every action of the pad, Order again and a saved list is in reach', async () => {
    const customer = await newCustomer('Ulla');
    const { roller, brush, tray, knife } = await fourTools(`Thumbpad${unique()}`);
    const address = await addAddress(customer);
    // A past order of two tools, and a list of two.
    await apiExpect(200, 'PUT /cart/lines', {
      as: customer,
      body: {
        lines: [
          { toolId: roller._id, quantity: 10 },
          { toolId: brush._id, quantity: 24 },
        ],
      },
    });
    const { insertedId: orderId } = await apiExpect(201, 'POST /checkout', {
      as: customer,
      headers: { 'idempotency-key': `e2e-${unique()}` },
      body: { addressId: address._id },
    });
    const orderName = `${roller.name} and 1 more`;
    const listName = `Site kit ${unique()}`;
    const { id: listId } = await apiExpect(201, 'POST /list', {
      as: customer,
      body: {
        name: listName,
        lines: [
          { toolId: tray._id, quantity: 24 },
          { toolId: knife._id, quantity: 5 },
        ],
      },
    });
    const journey = await startJourney(browser, 'quick-order-phone', { token: customer.token });
    const { page } = journey;
    await atPhoneWidth(page);

    // The pad: check, choose a nearest quantity, add, and on to the cart.
    await page.goto('/quick-order');
    await pad(page).fill(`${knife.sku} 5\n${tray.sku} 30`);
    await tap(page, page.getByRole('button', { name: 'Check rows' }));
    await shown(page.getByText('2 rows checked: 1 valid, 1 refused.', { exact: true }));
    await expectNoSidewaysScroll(page);
    await checkThenPhone(journey, 'pad-phone');
    await tap(page, checkedLine(page, 2).getByRole('button', { name: 'Choose 48 for line 2' }));
    await shown(page.getByText('2 rows checked: 2 valid, 0 refused.', { exact: true }));
    await tap(page, page.getByRole('button', { name: 'Add the 2 valid rows to the cart' }));
    await shown(page.getByRole('heading', { level: 2, name: 'Added 2 rows to your cart' }));
    await tap(page, page.getByRole('link', { name: 'Go to the cart' }));
    await atPath(page, '/cart');

    // Order again on the order's page, then on its card in My Orders.
    await page.goto(`/dashboard/orders/${orderId}`);
    await tap(page, page.getByRole('button', { name: 'Order again', exact: true }));
    const outcome = page.getByRole('region', { name: 'Added 2 lines to your cart' });
    await shown(outcome);
    await expectNoSidewaysScroll(page);
    await checkThenPhone(journey, 'order-again-phone');
    await tap(page, outcome.getByRole('button', { name: 'Dismiss' }));
    await gone(outcome);
    await page.goto('/dashboard/my-orders');
    await tap(
      page,
      cardOf(page, 'Your orders', orderName).getByRole('button', { name: `Order again: ${orderName}` }),
    );
    await shown(outcome);
    await tap(page, outcome.getByRole('link', { name: 'Go to the cart' }));
    await atPath(page, '/cart');

    // The list: add it to the cart, change a line, remove one, rename it, delete it.
    await page.goto('/dashboard/lists');
    await tap(page, page.getByRole('link', { name: listName }));
    await atPath(page, `/dashboard/lists/${listId}`);
    await expectNoSidewaysScroll(page);
    await checkThenPhone(journey, 'saved-list-phone');
    await tap(page, page.getByRole('button', { name: 'Add this list to the cart' }));
    await shown(page.getByRole('heading', { level: 3, name: 'Added 2 lines to your cart' }));
    const knifeLine = page
      .getByRole('list', { name: 'Tools in this list' })
      .getByRole('article', { name: knife.name });
    await knifeLine.getByLabel(`Quantity of ${knife.name}`).fill('15');
    await tap(page, knifeLine.getByRole('button', { name: `Update ${knife.name}` }));
    await shown(knifeLine.getByRole('status').getByText('Saved.'));
    await tap(page, page.getByRole('button', { name: `Remove ${tray.name}` }));
    await seeToast(page, `${tray.name} removed from the list`);
    await gone(page.getByRole('article', { name: tray.name }));
    const renamed = `${listName} B`;
    await page.getByRole('form', { name: 'Rename the list' }).getByLabel('List name').fill(renamed);
    await tap(page, page.getByRole('button', { name: 'Rename', exact: true }));
    await seeToast(page, `List renamed to “${renamed}”`);
    await tap(page, page.getByRole('button', { name: 'Delete list' }));
    const confirm = page.getByRole('dialog', { name: `Delete the list “${renamed}”?` });
    await tap(page, confirm.getByRole('button', { name: 'Delete', exact: true }));
    await seeToast(page, `The list “${renamed}” was deleted`);
    await atPath(page, '/dashboard/lists');
    const cart = await apiExpect(200, 'GET /cart', { as: customer });
    expect(cart.lines.map((line) => [line.sku, line.quantity]).sort()).toEqual(
      [
        [knife.sku, 10],
        [tray.sku, 72],
        [roller.sku, 20],
        [brush.sku, 48],
      ].sort(),
    );
    await journey.close();
  });
});
