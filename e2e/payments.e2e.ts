import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import { DEMO_CARD_DECLINED, DEMO_CARD_SUCCEEDS, DEMO_DECLINE_MESSAGE } from '@shop/shared/demo-cards';
import { apiExpect, createTool, isCall, newCustomer, placeOrderByApi, routeOf } from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { hasChromium } from './helpers/context';
import { fieldMessage } from './helpers/ui';
import { atPath, gone, seeToast, shown, textsOf } from './helpers/wait';

/** Any future expiry works with the demo cards (docs/architecture.md, Runtime contract). */
const expiry = `12 / ${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

describe.skipIf(!hasChromium)('paying by card (demo processor)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('pays an order: the decline card is refused, the good card pays it, and My Orders shows it paid', async () => {
    const customer = await newCustomer('Theo');
    const tool = await createTool({ orderQuantity: 10, perPartsPrice: 3 });
    const orderId = await placeOrderByApi(customer, tool._id, 20);
    const journey = await startJourney(browser, 'payments', { token: customer.token });
    const { page } = journey;

    await page.goto('/dashboard/my-orders');
    const row = page.getByRole('row').filter({ hasText: tool.name });
    await row.getByRole('link', { name: 'Pay' }).click();
    await atPath(page, `/dashboard/payments/${orderId}`);

    // The summary: customer, tool, quantity, unit price and total.
    await shown(page.getByRole('heading', { name: 'Payment Method' }));
    const summary = page.getByRole('definition');
    await shown(summary.first());
    // ... with the items and the default $25 shipping that make up the total (docs/behaviour.md §5.4),
    // and no tax: the shop is not registered where it is (§5.22), and it says so.
    expect(await textsOf(summary)).toEqual([
      customer.name,
      tool.name,
      '20',
      '$3',
      '$60',
      '$25',
      '$0Not registered: no tax',
      '$85',
    ]);
    const form = page.getByRole('region', { name: 'Card payment' });
    const pay = form.getByRole('button', { name: 'make the payment' });
    // Enabled once the server has made the intent (its client secret).
    await page.waitForFunction(
      () => !document.querySelector<HTMLButtonElement>('#payment-form-slot button[type=submit]')?.disabled,
    );
    await shown(form.getByText(/Demo payments: nothing is charged/));
    await journey.checkScreen('payment');

    // The decline card: the provider's message under the form; the order stays unpaid.
    await form.getByLabel('Card number').fill(DEMO_CARD_DECLINED);
    await form.getByLabel('Expiry (MM / YY)').fill(expiry);
    await form.getByLabel('CVC').fill('123');
    await pay.click();
    await shown(fieldMessage(page, DEMO_DECLINE_MESSAGE));
    await journey.checkScreen('payment-declined');
    const unpaid = await apiExpect(200, 'GET /order/:id', { as: customer, params: { id: orderId } });
    expect(unpaid).toMatchObject({ paid: false, transactionId: null });

    // The good card: the success message and the transaction id; the server records it.
    await form.getByLabel('Card number').fill(DEMO_CARD_SUCCEEDS);
    const recorded = page.waitForResponse((response) =>
      isCall(response, routeOf('PATCH /order/:id', { params: { id: orderId } })),
    );
    await pay.click();
    await seeToast(page, copy.paymentSucceeded);
    await shown(form.getByText(copy.paymentSucceeded, { exact: true }));
    expect((await recorded).status()).toBe(200);
    await gone(form.getByLabel('Card number'));
    const paid = await apiExpect(200, 'GET /order/:id', { as: customer, params: { id: orderId } });
    expect(paid.paid).toBe(true);
    expect(paid.transactionId).toBeTruthy();
    await shown(form.getByText(paid.transactionId!, { exact: true }));
    await journey.checkScreen('payment-succeeded');

    // My Orders: 'Paid' and the transaction id instead of Cancel and Pay.
    await page.goto('/dashboard/my-orders');
    await shown(row.getByText('Paid', { exact: true }));
    expect(await textsOf(row.getByRole('cell'))).toEqual([
      customer.name,
      tool.name,
      '20',
      '$85 items $60 + shipping $25',
      // The receipt beside the spec's badge (docs/behaviour.md §5.16), and Order again (§5.19).
      'PaidReceiptOrder again',
      paid.transactionId!,
    ]);
    expect(await row.getByRole('button', { name: 'Cancel' }).count()).toBe(0);
    expect(await row.getByRole('link', { name: 'Pay' }).count()).toBe(0);
    await journey.checkScreen('my-orders-paid');

    // The payment page of a paid order shows the payment, not the form.
    await page.goto(`/dashboard/payments/${orderId}`);
    await shown(form.getByText(paid.transactionId!, { exact: true }));
    expect(await form.getByLabel('Card number').count()).toBe(0);
    await journey.close();
  });
});
