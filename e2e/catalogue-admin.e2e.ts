import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import { adminToken, api, apiExpect, createTool, newCustomer, placeOrderByApi } from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { hasChromium } from './helpers/context';
import { atPath, eventually, gone, seeToast, shown } from './helpers/wait';

/** docs/behaviour.md §3.9: the owner edits, restocks, archives and restores tools. */
const cardOf = (page: Page, name: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });

const managedRow = (page: Page, name: string) =>
  page.getByRole('rowgroup').nth(1).getByRole('row').filter({ hasText: name });

describe.skipIf(!hasChromium)('an admin running the catalogue', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('edits a price and sees it on the product card; restocks and sees the stock; reads the history', async () => {
    const tool = await createTool({ availableQuantity: 15, orderQuantity: 10, perPartsPrice: 3 });
    const journey = await startJourney(browser, 'catalogue-admin', { token: await adminToken() });
    const { page } = journey;

    await page.goto('/dashboard/manage-products');
    const row = managedRow(page, tool.name);
    // 15 in stock, under twice the minimum order of 10: low.
    await shown(row.getByText('Low stock', { exact: true }));

    await row.getByRole('link', { name: `Edit ${tool.name}` }).click();
    await atPath(page, `/dashboard/edit-product/${tool._id}`);
    const form = page.getByRole('region', { name: `Edit ${tool.name}` });
    await eventually(() => form.getByLabel('Per unit price ($)').inputValue()).toBe('3');
    await journey.checkScreen('edit-product');
    await form.getByLabel('Per unit price ($)').fill('');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await shown(form.getByText(copy.minQuantityRequired, { exact: true }));
    await form.getByLabel('Per unit price ($)').fill('11');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await seeToast(page, `${tool.name} saved`);
    await atPath(page, '/dashboard/manage-products');

    // Restock: the dialog, then the stock in the table and on the card.
    await managedRow(page, tool.name)
      .getByRole('button', { name: `Restock ${tool.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Stock of ${tool.name}` });
    await shown(dialog);
    await dialog.getByLabel('Units arrived', { exact: true }).fill('40');
    await dialog.getByLabel('Note (optional)', { exact: true }).fill('Delivery 7');
    await journey.checkScreen('restock-dialog');
    await dialog.getByRole('button', { name: 'Restock', exact: true }).click();
    await seeToast(page, `${tool.name}: 55 in stock`);
    await gone(dialog);
    await shown(managedRow(page, tool.name).getByText('55', { exact: true }));
    await gone(managedRow(page, tool.name).getByText('Low stock', { exact: true }));

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await atPath(page, '/all-products');
    const card = cardOf(page, tool.name);
    await shown(card);
    await eventually(() => card.locator('dd').allTextContents()).toEqual([
      tool.sku,
      '55',
      '$11',
      '10',
      '$25',
    ]);

    // The history: initial, then the restock, newest first.
    await page.goto('/dashboard/manage-products');
    await managedRow(page, tool.name)
      .getByRole('link', { name: `Stock history of ${tool.name}` })
      .click();
    await atPath(page, `/dashboard/stock-history/${tool._id}`);
    await shown(page.getByRole('heading', { name: `Stock history: ${tool.name}` }));
    await shown(page.getByRole('cell', { name: 'Delivery 7' }));
    await journey.checkScreen('stock-history');
    await journey.close();
  });

  it('deletes a tool that has an order: it is archived, its order intact; then restores it', async () => {
    const tool = await createTool({ perPartsPrice: 4 });
    const customer = await newCustomer('Orla');
    const orderId = await placeOrderByApi(customer, tool._id, 10);
    const journey = await startJourney(browser, 'catalogue-admin-archive', { token: await adminToken() });
    const { page } = journey;

    await page.goto('/dashboard/manage-products');
    await managedRow(page, tool.name)
      .getByRole('button', { name: `Delete ${tool.name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: copy.deleteToolQuestion(tool.name) });
    await dialog.getByRole('button', { name: 'Delete Tools' }).click();
    await seeToast(page, copy.deletedSuccessfully(tool.name));
    await gone(managedRow(page, tool.name));
    expect((await api('GET /tool/:id', { params: { id: tool._id } })).status).toBe(404);
    const orders = await apiExpect(200, 'GET /order', { as: { token: await adminToken() } });
    expect(orders.find((order) => order._id === orderId)).toMatchObject({
      toolsName: tool.name,
      itemsTotal: 40,
    });

    await page.getByRole('link', { name: 'Archived products' }).click();
    await atPath(page, '/dashboard/archived-products');
    const archivedRow = page.getByRole('row').filter({ hasText: tool.name });
    await shown(archivedRow);
    await journey.checkScreen('archived-products');
    await archivedRow.getByRole('button', { name: `Restore ${tool.name}` }).click();
    await seeToast(page, `${tool.name} is back in the shop`);
    await gone(archivedRow);

    const restored = await apiExpect(200, 'GET /tool/:id', { params: { id: tool._id } });
    expect(restored).toMatchObject({ name: tool.name, availableQuantity: 490 });
    await page.goto('/all-products?sort=newest');
    await shown(cardOf(page, tool.name));
    await journey.close();
  });
});
