import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  apiExpect,
  createTool,
  newCustomer,
  payOrderByApi,
  placeOrderByApi,
} from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { hasChromium } from './helpers/context';
import { dashboardMenu } from './helpers/ui';
import { atPath, eventually, seeToast, shown, textsOf } from './helpers/wait';

/** docs/behaviour.md §5.5: an order's page and timeline, shipping with tracking, an admin's refund. */
describe.skipIf(!hasChromium)('the order lifecycle', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a customer follows an order from placed to shipped, with its tracking number', async () => {
    const customer = await newCustomer('Priya');
    const tool = await createTool();
    const orderId = await placeOrderByApi(customer, tool._id, 10);

    const journey = await startJourney(browser, 'order-customer', { token: customer.token });
    const { page } = journey;
    await page.goto('/dashboard');
    await dashboardMenu(page).getByRole('link', { name: 'My Orders' }).click();
    await atPath(page, '/dashboard/my-orders');
    await page.getByRole('link', { name: tool.name, exact: true }).click();
    await atPath(page, `/dashboard/orders/${orderId}`);
    await shown(page.getByRole('heading', { name: `Order: ${tool.name}` }));
    const timeline = page.getByRole('list', { name: 'Order timeline' });
    await eventually(() => timeline.getByRole('listitem').count()).toBe(1);
    await shown(page.getByText('Not Paid', { exact: true }));
    await journey.checkScreen('order-placed');

    // Paid, then shipped by the shop with a carrier and tracking number.
    await payOrderByApi(customer, orderId);
    await apiExpect(200, 'PATCH /shipping-order/:id', {
      as: { token: await adminToken() },
      params: { id: orderId },
      body: { carrier: 'Royal Mail', trackingNumber: 'RM123456789GB' },
    });
    await page.reload();
    await shown(page.getByText('Shipped', { exact: true }).first());
    await shown(page.getByText('RM123456789GB', { exact: true }));
    await eventually(() => textsOf(timeline.getByRole('listitem').locator('span.font-semibold'))).toEqual([
      'Order placed',
      'Payment started',
      'Payment received',
      'Shipped',
    ]);
    await shown(timeline.getByText('Royal Mail, tracking number RM123456789GB'));
    await journey.checkScreen('order-shipped');
    await journey.close();
  });

  it('an admin ships one paid order with tracking and refunds another from its order page', async () => {
    const customer = await newCustomer('Tomas');
    const toShip = await createTool();
    const toRefund = await createTool();
    const shipId = await placeOrderByApi(customer, toShip._id, 10);
    const refundId = await placeOrderByApi(customer, toRefund._id, 10);
    await payOrderByApi(customer, shipId);
    await payOrderByApi(customer, refundId);

    const journey = await startJourney(browser, 'order-admin', { token: await adminToken() });
    const { page } = journey;
    await page.goto('/dashboard/all-orders');
    await page.getByRole('link', { name: toShip.name, exact: true }).click();
    await atPath(page, `/dashboard/orders/${shipId}`);
    await shown(page.getByText(`${customer.name} (${customer.email})`));
    await journey.checkScreen('admin-order');
    await page.getByLabel('Carrier (optional)').fill('DHL');
    await page.getByLabel('Tracking number (optional)').fill('JD014600006281230');
    await page.getByRole('button', { name: 'Mark shipped' }).click();
    await seeToast(page, 'Marked shipped');
    await shown(page.getByText('JD014600006281230', { exact: true }));

    await page.goto('/dashboard/all-orders');
    await page.getByRole('link', { name: toRefund.name, exact: true }).click();
    await atPath(page, `/dashboard/orders/${refundId}`);
    await page.getByRole('button', { name: 'Cancel and refund' }).click();
    const dialog = page.getByRole('dialog', { name: `Refund ${customer.name}'s order?` });
    await shown(dialog);
    await journey.checkScreen('refund-dialog');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await seeToast(page, 'Order refunded');
    await shown(page.getByText('Refunded', { exact: true }).first());
    await journey.checkScreen('order-refunded');

    const all = await apiExpect(200, 'GET /order', { as: { token: await adminToken() } });
    expect(all.find((order) => order._id === refundId)).toMatchObject({ state: 'refunded' });
    expect(all.find((order) => order._id === shipId)).toMatchObject({
      state: 'shipped',
      carrier: 'DHL',
      trackingNumber: 'JD014600006281230',
    });

    // Total Orders: the refunded order says so and has no ship action.
    await page.goto('/dashboard/all-orders');
    const row = page.getByRole('row').filter({ hasText: toRefund.name });
    await shown(row.getByText('Refunded', { exact: true }));
    expect(await row.getByRole('button').count()).toBe(0);
    await journey.close();
  });
});
