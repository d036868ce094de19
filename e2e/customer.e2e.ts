import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import { apiExpect, createTool, isCall, myOrdersByApi, newCustomer, routeOf, unique } from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { hasChromium } from './helpers/context';
import { dashboardMenu, fieldMessage } from './helpers/ui';
import { atPath, eventually, gone, seeToast, shown, textsOf } from './helpers/wait';

describe.skipIf(!hasChromium)('a customer', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('orders a tool past every purchase message, finds it in My Orders and cancels it', async () => {
    const customer = await newCustomer('Olive');
    const tool = await createTool({ availableQuantity: 500, orderQuantity: 10, perPartsPrice: 3 });
    const journey = await startJourney(browser, 'customer', { token: customer.token });
    const { page } = journey;

    // Newest first: the shared shop holds more tools than one page (docs/behaviour.md §3.3).
    await page.goto('/all-products?sort=newest');
    await page.getByRole('link', { name: `Place Order for ${tool.name}` }).click();
    await atPath(page, `/purchase/${tool._id}`);

    // The tool, and the Order Info form with the signed-in user's name and e-mail, read-only.
    await shown(page.getByRole('heading', { level: 1, name: tool.name }));
    const details = await page.getByRole('article', { name: tool.name }).innerText();
    expect(details).toMatch(/Available quantity:\s+500/);
    expect(details).toMatch(/Minimum order quantity:\s+10/);
    expect(details).toMatch(/Unit price:\s+\$3/);
    expect(details).toContain(tool.description);
    const form = page.getByRole('region', { name: 'Order Info' });
    const name = form.getByLabel('Name', { exact: true });
    const email = form.getByLabel('Email', { exact: true });
    expect(await name.inputValue()).toBe(customer.name);
    expect(await email.inputValue()).toBe(customer.email);
    expect(await name.isEditable()).toBe(false);
    expect(await email.isEditable()).toBe(false);
    await journey.checkScreen('purchase');

    const quantity = form.getByLabel('Quantity', { exact: true });
    const phone = form.getByLabel('Phone', { exact: true });
    const address = form.getByLabel('Shipping address', { exact: true });
    const order = form.getByRole('button', { name: 'Order', exact: true });

    // Nothing filled in: each empty field says so.
    await quantity.fill('');
    await order.click();
    await eventually(() => fieldMessage(page, copy.purchaseFillForm).count()).toBe(3);

    // Below the minimum, then above the stock: the Order button is disabled.
    await quantity.fill('5');
    await shown(form.getByText(copy.orderMinimumHint, { exact: true }));
    await shown(form.getByRole('status').filter({ hasText: copy.belowMinimumOrder }));
    expect(await order.isDisabled()).toBe(true);
    await journey.checkScreen('purchase-below-minimum');

    await quantity.fill('501');
    await shown(form.getByRole('status').filter({ hasText: copy.aboveStock }));
    await gone(form.getByText(copy.orderMinimumHint, { exact: true }));
    expect(await order.isDisabled()).toBe(true);

    await quantity.fill('20');
    await phone.fill('01711 223344');
    await address.fill('12 Palette Road, Leeds LS1 4AB');
    // 20 x $3 of tools plus the default $25 ship price (docs/behaviour.md §5.4).
    await eventually(async () =>
      (await form.locator('#order-quote').innerText()).replace(/\s+/g, ' '),
    ).toContain('Order total: $85');
    expect(await order.isEnabled()).toBe(true);
    const created = page.waitForResponse((response) => isCall(response, routeOf('POST /order')));
    await order.click();
    expect((await created).status()).toBe(201);
    await seeToast(page, copy.orderSucceeded);
    await atPath(page, '/dashboard/my-orders');

    // My Orders: the order, unpaid, with Cancel and Pay.
    const row = page.getByRole('row').filter({ hasText: tool.name });
    await shown(row);
    expect(await textsOf(row.getByRole('cell'))).toEqual([
      customer.name,
      tool.name,
      '20',
      '$85 items $60 + shipping $25',
      'CancelPayOrder again', // Order again beside the spec's actions (docs/behaviour.md §5.19)
      '',
    ]);
    await journey.checkScreen('my-orders');

    const [stored] = await myOrdersByApi(customer);
    expect(stored).toMatchObject({
      toolsName: tool.name,
      quantity: 20,
      // What is charged: 20 x $3 plus the default $25 ship price (docs/behaviour.md §5.4).
      price: 85,
      itemsTotal: 60,
      shipping: 25,
      paid: false,
      ship: false,
      phoneNumber: '01711 223344',
      address: '12 Palette Road, Leeds LS1 4AB',
      email: customer.email,
    });
    expect((await apiExpect(200, 'GET /tool/:id', { params: { id: tool._id } })).availableQuantity).toBe(480);

    // Cancel: the dialog's Close Action keeps the order; Cancel Order cancels it (the row stays,
    // marked 'Cancelled', docs/behaviour.md §5.5).
    const dialog = page.getByRole('dialog', { name: copy.cancelOrderQuestion(tool.name) });
    await row.getByRole('button', { name: 'Cancel' }).click();
    await shown(dialog);
    await journey.checkScreen('cancel-order-dialog');
    await dialog.getByRole('button', { name: 'Close Action' }).click();
    await gone(dialog);
    await shown(row);

    await row.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await seeToast(page, copy.deletedSuccessfully(tool.name));
    await gone(dialog);
    await shown(row.getByText('Cancelled'));
    await gone(row.getByRole('button', { name: 'Cancel' }));
    await gone(row.getByRole('link', { name: 'Pay' }));
    expect(await myOrdersByApi(customer)).toMatchObject([{ toolsName: tool.name, state: 'cancelled' }]);
    expect((await apiExpect(200, 'GET /tool/:id', { params: { id: tool._id } })).availableQuantity).toBe(500);
    await journey.close();
  });

  it('updates the profile, past its validation', async () => {
    const customer = await newCustomer('Piet');
    const journey = await startJourney(browser, 'customer', { token: customer.token });
    const { page } = journey;

    // The dashboard: the customer's open orders and menu.
    await page.goto('/dashboard');
    await shown(page.getByRole('heading', { name: 'Your open orders' }));
    // The menu follows the admin check: wait for it before reading all its links.
    await shown(dashboardMenu(page).getByRole('link', { name: 'My Profile' }));
    expect(await textsOf(dashboardMenu(page).getByRole('link'))).toEqual([
      'My Profile',
      'My Orders',
      'My quotes',
      'Saved lists',
      'Add Reviews',
      'Company',
    ]);
    await journey.checkScreen('dashboard');

    await dashboardMenu(page).getByRole('link', { name: 'My Profile' }).click();
    await atPath(page, '/dashboard/my-profile');
    const profile = page.getByRole('region', { name: 'My Profile' });
    await shown(profile.getByText(customer.email, { exact: true }));
    const fallbacks = await profile.innerText();
    for (const text of [
      customer.name,
      '+88-01XXXXXXXXX',
      copy.profileFallback.address,
      copy.profileFallback.study,
      'Facebook not given',
      'Instagram not given',
      'Linkdin not given',
      'Github not given',
    ]) {
      expect(fallbacks).toContain(text);
    }
    await journey.checkScreen('my-profile');

    // The modal: every field is required.
    await profile.getByRole('button', { name: 'Update profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update profile' });
    await shown(dialog);
    const save = dialog.getByRole('button', { name: 'Save profile' });
    await save.click();
    await seeToast(page, copy.profileFillForm);
    await eventually(() => dialog.getByText('Required', { exact: true }).count()).toBe(7);
    await journey.checkScreen('update-profile-errors');

    const values = {
      Phone: '01711 223344',
      Address: '7 Canvas Court, York',
      Study: 'Leeds Arts University',
      'Facebook link': 'https://facebook.com/piet.e2e',
      'Instagram link': 'https://instagram.com/piet.e2e',
      'Linkdin link': 'https://linkedin.com/in/piet-e2e',
      'Github link': 'javascript:alert(1)',
    };
    for (const [label, value] of Object.entries(values)) {
      await dialog.getByLabel(label, { exact: true }).fill(value);
    }
    await save.click();
    await shown(dialog.getByText('Links must start with http:// or https://', { exact: true }));
    await dialog.getByLabel('Github link', { exact: true }).fill('https://github.com/piet-e2e');
    await save.click();
    await seeToast(page, copy.profileUpdated);
    await gone(dialog);

    await shown(profile.getByText('+88-01711 223344', { exact: true }));
    await shown(profile.getByText('7 Canvas Court, York', { exact: true }));
    await shown(profile.getByText('Leeds Arts University', { exact: true }));
    expect(await profile.getByRole('link', { name: 'Github' }).getAttribute('href')).toBe(
      'https://github.com/piet-e2e',
    );
    const saved = await apiExpect(200, 'GET /current-user', {
      as: customer,
      query: { email: customer.email },
    });
    expect(saved).toMatchObject({
      phone: '01711 223344',
      address: '7 Canvas Court, York',
      study: 'Leeds Arts University',
      fb: 'https://facebook.com/piet.e2e',
      insta: 'https://instagram.com/piet.e2e',
      linkdin: 'https://linkedin.com/in/piet-e2e',
      github: 'https://github.com/piet-e2e',
    });
    await journey.close();
  });

  it('posts a review past each of its messages, then finds it on the home page', async () => {
    const customer = await newCustomer('Rosa');
    const text = `The angled brush cut in cleanly along every skirting board. (${unique()})`;
    const journey = await startJourney(browser, 'customer', { token: customer.token });
    const { page } = journey;

    await page.goto('/dashboard');
    await dashboardMenu(page).getByRole('link', { name: 'Add Reviews' }).click();
    await atPath(page, '/dashboard/my-reviews');
    await shown(page.getByRole('heading', { name: `Hello, ${customer.name}!` }));
    await journey.checkScreen('add-review');

    const post = page.getByRole('button', { name: 'Post Review' });
    const review = page.getByLabel('Your review');
    const more = page.getByRole('button', { name: 'Increase rating' });
    const less = page.getByRole('button', { name: 'Decrease rating' });
    const rating = page.getByRole('group', { name: 'Rating' }).locator('output');

    await post.click();
    await seeToast(page, copy.reviewMissingBoth);

    await review.fill(text);
    await post.click();
    await seeToast(page, copy.reviewMissingRating);

    // The stepper: 0 to 5, never beyond.
    await review.fill('');
    expect(await less.isDisabled()).toBe(true);
    for (let step = 0; step < 5; step += 1) await more.click();
    await eventually(() => rating.innerText()).toMatch(/^5/);
    expect(await more.isDisabled()).toBe(true);
    await less.click();
    await eventually(() => rating.innerText()).toMatch(/^4/);
    await post.click();
    await seeToast(page, copy.reviewMissingText);

    await review.fill(text);
    const posted = page.waitForResponse((response) => isCall(response, routeOf('POST /review')));
    await post.click();
    expect((await posted).ok()).toBe(true);
    await seeToast(page, copy.reviewThanks);
    // The form resets.
    await eventually(() => rating.innerText()).toMatch(/^0/);
    expect(await review.inputValue()).toBe('');

    const reviews = await apiExpect(200, 'GET /review');
    expect(reviews.at(-1)).toMatchObject({ name: customer.name, rating: 4, review: text });

    // Home: the newest review comes first in the carousel.
    await page.goto('/');
    const feedback = page.getByRole('region', { name: 'What Our Clients Say' });
    await shown(feedback.getByText(text, { exact: true }));
    await shown(feedback.getByText(customer.name, { exact: true }));
    await journey.close();
  });
});
