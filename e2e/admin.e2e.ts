import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import {
  adminToken,
  api,
  apiExpect,
  asAdmin,
  createTool,
  newCustomer,
  payOrderByApi,
  placeOrderByApi,
  productPicture,
  unique,
} from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { baseURL, hasChromium } from './helpers/context';
import { dashboardMenu } from './helpers/ui';
import { atPath, eventually, gone, seeToast, shown, textsOf } from './helpers/wait';

const adminMenu = [
  'My Profile',
  'Add Products',
  'Manage Products',
  'Total Orders',
  'Quotes',
  'Make Admin',
  'Companies',
  'Tax',
  'Inbox',
  'Reviews',
  'Audit Log',
];

describe.skipIf(!hasChromium)('an admin', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('adds a product with a picture, finds it in Products and Manage Products, and deletes it', async () => {
    const journey = await startJourney(browser, 'admin', { token: await adminToken() });
    const { page } = journey;
    const name = `Studio Easel Brush ${unique()}`;

    await page.goto('/dashboard');
    await shown(page.getByRole('heading', { name: 'Shop overview' }));
    await eventually(() => textsOf(dashboardMenu(page).getByRole('link'))).toEqual(adminMenu);
    await journey.checkScreen('dashboard');

    // Add a Product: every field is required.
    await dashboardMenu(page).getByRole('link', { name: 'Add Products' }).click();
    await atPath(page, '/dashboard/add-products');
    const form = page.getByRole('region', { name: 'Add a Product' });
    const add = form.getByRole('button', { name: 'Add Product' });
    await add.click();
    for (const message of [
      copy.nameRequired,
      copy.maxQuantityRequired,
      copy.descriptionRequired,
      copy.imageRequired,
    ]) {
      await shown(form.getByText(message, { exact: true }));
    }
    // Min quantity and per unit price share one message on purpose (docs/behaviour.md §3.8).
    expect(await form.getByText(copy.minQuantityRequired, { exact: true }).count()).toBe(2);
    await journey.checkScreen('add-product-errors');

    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel('Available quantity').fill('750');
    await form.getByLabel('Min quantity').fill('15');
    await form.getByLabel('Per unit price ($)').fill('7');
    await form.getByLabel('Category').selectOption({ label: 'Student Paint Tools' });
    await form
      .getByLabel('Description')
      .fill('A long-handled brush for easel work, with soft synthetic bristles.');
    await form.getByLabel('Image').setInputFiles(productPicture);
    await add.click();
    await seeToast(page, copy.productAdded);
    // The form resets.
    await eventually(() => form.getByLabel('Name', { exact: true }).inputValue()).toBe('');

    const tools = await apiExpect(200, 'GET /tool');
    const tool = tools.find((candidate) => candidate.name === name)!;
    expect(tool).toMatchObject({
      availableQuantity: 750,
      orderQuantity: 15,
      perPartsPrice: 7,
      category: 'student',
    });
    expect(tool.img).toMatch(/^\/uploads\/.+\.webp$/);
    const picture = await fetch(`${baseURL}${tool.img}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');

    // Products: the new card, its picture loaded.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await atPath(page, '/all-products');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });
    const image = card.getByRole('img', { name });
    await image.scrollIntoViewIfNeeded();
    await eventually(() =>
      image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);

    // Manage Products: newest first; Close Action keeps it, Delete Tools deletes it.
    await page.goto('/dashboard/manage-products');
    const rows = page.getByRole('rowgroup').nth(1).getByRole('row');
    await shown(rows.first().getByText(name, { exact: true }));
    await journey.checkScreen('manage-products');
    const dialog = page.getByRole('dialog', { name: copy.deleteToolQuestion(name) });
    await rows
      .first()
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    await shown(dialog);
    await journey.checkScreen('delete-product-dialog');
    await dialog.getByRole('button', { name: 'Close Action' }).click();
    await gone(dialog);
    await rows
      .first()
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    await dialog.getByRole('button', { name: 'Delete Tools' }).click();
    await seeToast(page, copy.deletedSuccessfully(name));
    await gone(page.getByRole('row').filter({ hasText: name }));
    expect((await api('GET /tool/:id', { params: { id: tool._id } })).status).toBe(404);
    await journey.close();
  });

  it('sees every order in Total Orders and ships a paid one', async () => {
    const customer = await newCustomer('Nadia');
    const paidTool = await createTool();
    const unpaidTool = await createTool();
    const paidOrder = await placeOrderByApi(customer, paidTool._id, 12);
    await placeOrderByApi(customer, unpaidTool._id, 10);
    await payOrderByApi(customer, paidOrder);

    const journey = await startJourney(browser, 'admin', { token: await adminToken() });
    const { page } = journey;
    await page.goto('/dashboard');
    await dashboardMenu(page).getByRole('link', { name: 'Total Orders' }).click();
    await atPath(page, '/dashboard/all-orders');

    const paidRow = page.getByRole('row').filter({ hasText: paidTool.name });
    const unpaidRow = page.getByRole('row').filter({ hasText: unpaidTool.name });
    await shown(paidRow);
    // Polled: a read once found the row without its cells, between two renders of the table.
    await eventually(() => textsOf(paidRow.getByRole('cell'))).toEqual([
      customer.name,
      customer.email,
      paidTool.name,
      '$61 items $36 + shipping $25', // 12 x $3 + the default ship price (docs/behaviour.md §5.4)
      'PaidReceipt', // the paid order's receipt beside the spec's word (docs/behaviour.md §5.16)
      'Pending',
    ]);
    await eventually(() => textsOf(unpaidRow.getByRole('cell'))).toEqual([
      customer.name,
      customer.email,
      unpaidTool.name,
      '$55 items $30 + shipping $25',
      'Not Paid',
      '',
    ]);
    expect(await unpaidRow.getByRole('button').count()).toBe(0);
    await journey.checkScreen('total-orders');

    await paidRow
      .getByRole('button', { name: `Pending: mark ${paidTool.name} for ${customer.name} as shipped` })
      .click();
    await seeToast(page, copy.shipped);
    await shown(paidRow.getByText('Shipped', { exact: true }));
    expect(await paidRow.getByRole('button').count()).toBe(0);

    const all = await apiExpect(200, 'GET /order', { as: await asAdmin() });
    expect(all.find((order) => order._id === paidOrder)).toMatchObject({ paid: true, ship: true });
    expect(all.find((order) => order.toolsName === unpaidTool.name)).toMatchObject({
      paid: false,
      ship: false,
    });
    await journey.close();
  });

  it('makes a customer an admin, whose dashboard then shows the admin menu', async () => {
    const customer = await newCustomer('Milo');
    const journey = await startJourney(browser, 'admin', { token: await adminToken() });
    const { page } = journey;
    await page.goto('/dashboard');
    await dashboardMenu(page).getByRole('link', { name: 'Make Admin' }).click();
    await atPath(page, '/dashboard/all-users');

    const row = page.getByRole('row').filter({ hasText: customer.email });
    await shown(row.getByRole('button', { name: 'Make admin' }));
    await journey.checkScreen('make-admin');
    await row.getByRole('button', { name: 'Make admin' }).click();
    await seeToast(page, copy.madeAdmin);
    await shown(row.getByText('Admin', { exact: true }));
    expect(await row.getByRole('button').count()).toBe(0);
    const flag = await apiExpect(200, 'GET /admin/:email', {
      as: customer,
      params: { email: customer.email },
    });
    expect(flag.admin).toBe(true);
    await journey.close();

    // The new admin, in a browser of their own: the admin menu, and an admin page opens.
    const newAdmin = await startJourney(browser, 'new-admin', { token: customer.token });
    await newAdmin.page.goto('/dashboard');
    await eventually(() => textsOf(dashboardMenu(newAdmin.page).getByRole('link'))).toEqual(adminMenu);
    await dashboardMenu(newAdmin.page).getByRole('link', { name: 'Manage Products' }).click();
    await atPath(newAdmin.page, '/dashboard/manage-products');
    await shown(newAdmin.page.getByRole('heading', { name: 'Manage Products' }));
    await newAdmin.close();
  });
});
