import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import { DEMO_CARD_SUCCEEDS } from '@shop/shared/demo-cards';
import {
  adminToken,
  api,
  apiExpect,
  createTool,
  myOrdersByApi,
  newCustomer,
  isCall,
  payOrderByApi,
  placeOrderByApi,
  routeOf,
} from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { hasChromium } from './helpers/context';
import { atPhoneWidth, cardOf, checkThenPhone, expectNoSidewaysScroll, tap } from './helpers/phone';
import { profileMenu } from './helpers/ui';
import { atPath, gone, seeToast, shown } from './helpers/wait';

const expiry = `12 / ${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

/**
 * On a phone every action is in reach (docs/behaviour.md §5.7, §5.15, §3.9): the lists are
 * cards whose buttons sit inside the screen, and nothing scrolls sideways (helpers/phone.ts).
 */
describe.skipIf(!hasChromium)('on a phone (390 px)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a customer pays one order and cancels another from My Orders', async () => {
    const customer = await newCustomer('Pia');
    const toPay = await createTool({ perPartsPrice: 3 });
    const toCancel = await createTool({ perPartsPrice: 4 });
    const payId = await placeOrderByApi(customer, toPay._id, 20);
    await placeOrderByApi(customer, toCancel._id, 10);
    const journey = await startJourney(browser, 'phone', { token: customer.token });
    const { page } = journey;
    await atPhoneWidth(page);

    await page.goto('/dashboard/my-orders');
    const payCard = cardOf(page, 'Your orders', toPay.name);
    await shown(payCard);
    await expectNoSidewaysScroll(page);
    // The card: the tool as its heading, the facts as label/value pairs.
    expect(await payCard.getByRole('heading', { level: 3 }).innerText()).toContain(toPay.name);
    expect(await payCard.locator('dl').innerText()).toMatch(/Quantity\s+20[\s\S]*Total Price\s+\$85/);
    await checkThenPhone(journey, 'my-orders');

    await tap(page, payCard.getByRole('link', { name: 'Pay' }));
    await atPath(page, `/dashboard/payments/${payId}`);
    const form = page.getByRole('region', { name: 'Card payment' });
    await page.waitForFunction(
      () => !document.querySelector<HTMLButtonElement>('#payment-form-slot button[type=submit]')?.disabled,
    );
    await form.getByLabel('Card number').fill(DEMO_CARD_SUCCEEDS);
    await form.getByLabel('Expiry (MM / YY)').fill(expiry);
    await form.getByLabel('CVC').fill('123');
    // The page records the payment (PATCH /order/{id}) after the card succeeds: wait for that
    // answer before leaving, or the reload below would cut it off.
    const recorded = page.waitForResponse((response) =>
      isCall(response, routeOf('PATCH /order/:id', { params: { id: payId } })),
    );
    await tap(page, form.getByRole('button', { name: 'make the payment' }));
    await seeToast(page, copy.paymentSucceeded);
    expect((await recorded).status()).toBe(200);
    await gone(form.getByLabel('Card number'));

    await page.goto('/dashboard/my-orders');
    await shown(payCard.getByText('Paid', { exact: true }));
    // Paid: no Cancel and no Pay; Order again stays (docs/behaviour.md §5.19).
    expect(await payCard.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    expect(await payCard.getByRole('link', { name: 'Pay' }).count()).toBe(0);
    await shown(payCard.getByRole('button', { name: `Order again: ${toPay.name}` }));
    await expectNoSidewaysScroll(page);

    const cancelCard = cardOf(page, 'Your orders', toCancel.name);
    await tap(page, cancelCard.getByRole('button', { name: 'Cancel' }));
    const dialog = page.getByRole('dialog', { name: copy.cancelOrderQuestion(toCancel.name) });
    await shown(dialog);
    await tap(page, dialog.getByRole('button', { name: 'Cancel Order' }));
    await seeToast(page, copy.deletedSuccessfully(toCancel.name));
    // The order stays, marked 'Cancelled', with nothing left to do (docs/behaviour.md §5.5).
    await shown(cancelCard.getByText('Cancelled'));
    await gone(cancelCard.getByRole('button', { name: 'Cancel' }));
    const left = await myOrdersByApi(customer);
    expect(left.map((order) => [order.toolsName, order.state]).sort()).toEqual(
      [
        [toPay.name, 'paid'],
        [toCancel.name, 'cancelled'],
      ].sort(),
    );
    await journey.close();
  });

  it('an admin deletes from Manage Products, ships from Total Orders and reads Make Admin', async () => {
    const customer = await newCustomer('Quin');
    const shipTool = await createTool();
    const orderId = await placeOrderByApi(customer, shipTool._id, 12);
    await payOrderByApi(customer, orderId);
    const doomed = await createTool({ availableQuantity: 2252 });
    const journey = await startJourney(browser, 'phone-admin', { token: await adminToken() });
    const { page } = journey;
    await atPhoneWidth(page);

    // Manage Products: the newest tool's card, its stock formatted as on the product cards.
    await page.goto('/dashboard/manage-products');
    const toolCard = cardOf(page, 'Products', doomed.name);
    await shown(toolCard);
    expect(await toolCard.locator('dl').innerText()).toMatch(/Quantity\s+2,252/);
    await expectNoSidewaysScroll(page);
    await checkThenPhone(journey, 'manage-products');
    await tap(page, toolCard.getByRole('button', { name: `Delete ${doomed.name}` }));
    const dialog = page.getByRole('dialog', { name: copy.deleteToolQuestion(doomed.name) });
    await tap(page, dialog.getByRole('button', { name: 'Delete Tools' }));
    await seeToast(page, copy.deletedSuccessfully(doomed.name));
    await gone(toolCard);
    expect((await api('GET /tool/:id', { params: { id: doomed._id } })).status).toBe(404);

    // Total Orders: the paid order's Pending button ships it.
    await page.goto('/dashboard/all-orders');
    const orderCard = cardOf(page, 'All orders', shipTool.name);
    await shown(orderCard);
    await expectNoSidewaysScroll(page);
    await checkThenPhone(journey, 'total-orders');
    await tap(
      page,
      orderCard.getByRole('button', {
        name: `Pending: mark ${shipTool.name} for ${customer.name} as shipped`,
      }),
    );
    await seeToast(page, copy.shipped);
    await shown(orderCard.getByText('Shipped', { exact: true }));
    const all = await apiExpect(200, 'GET /order', { as: { token: await adminToken() } });
    expect(all.find((order) => order._id === orderId)).toMatchObject({ paid: true, ship: true });

    // Make Admin: long e-mail addresses wrap at '@' and '.', and the page still fits.
    await page.goto('/dashboard/all-users');
    await shown(cardOf(page, 'Users', customer.email));
    await expectNoSidewaysScroll(page);
    await checkThenPhone(journey, 'make-admin');
    await journey.close();
  });

  it('has one menu button on a dashboard page, and Sign Out there ends home, signed out', async () => {
    const customer = await newCustomer('Ravi');
    const journey = await startJourney(browser, 'phone', { token: customer.token });
    const { page } = journey;
    await atPhoneWidth(page);

    await page.goto('/dashboard/my-orders');
    await shown(page.getByText('You have not ordered anything yet.'));
    const banner = page.getByRole('banner');
    expect(await banner.getByRole('button', { name: 'Open navigation' }).isVisible()).toBe(false);
    // The one menu button opens the drawer, which holds the dashboard's and the site's links.
    await tap(page, banner.locator('label[for="dashboard-drawer"]'));
    await shown(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Orders' }));
    await shown(page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Products' }));
    await checkThenPhone(journey, 'dashboard-drawer');
    await tap(
      page,
      page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Profile' }),
    );
    await atPath(page, '/dashboard/my-profile');

    await tap(page, profileMenu(page));
    await tap(page, page.getByRole('button', { name: 'Sign Out', exact: true }));
    await atPath(page, '/');
    await shown(banner.getByRole('link', { name: 'Login' }));
    expect(await journey.storedToken()).toBeNull();

    // The next sign-in lands home (§2.3), not on the dashboard page left behind.
    await tap(page, banner.getByRole('link', { name: 'Login' }));
    await atPath(page, '/login');
    await page.getByLabel('Email', { exact: true }).fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await tap(page, page.getByRole('button', { name: 'Login', exact: true }));
    await shown(profileMenu(page));
    await atPath(page, '/');
    await journey.close();
  });
});
