import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { copy } from '@shop/shared/copy';
import { DEMO_CARD_SUCCEEDS } from '@shop/shared/demo-cards';
import { isCall, routeOf } from './api';
import { gone, seeToast } from './wait';

/** Any future expiry works with the demo cards (docs/architecture.md, Runtime contract). */
const DEMO_EXPIRY = `12 / ${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;

/**
 * Fills the demo processor's card form (`form` holds it: the payment page's Card payment region,
 * or the statement's Pay by card dialog) with the good card, any future expiry and a CVC.
 */
export async function fillDemoCard(form: Locator) {
  await form.getByLabel('Card number').fill(DEMO_CARD_SUCCEEDS);
  await form.getByLabel('Expiry (MM / YY)').fill(DEMO_EXPIRY);
  await form.getByLabel('CVC').fill('123');
}

/**
 * Pays the order open on its payment page (/dashboard/payments/{id}) with the demo processor's
 * good card, as a customer does: once the intent's client secret has come (the button is enabled),
 * card, expiry and CVC, then 'make the payment'. Waits for the page's record of the payment
 * (PATCH /order/{id}), which follows the card's success: a page left before it would cut it off.
 * `press` presses the button: a click, or a phone's tap.
 */
export async function payWithDemoCard(
  page: Page,
  orderId: string,
  press: (button: Locator) => Promise<void> = (button) => button.click(),
) {
  const form = page.getByRole('region', { name: 'Card payment' });
  await page.waitForFunction(
    () => !document.querySelector<HTMLButtonElement>('#payment-form-slot button[type=submit]')?.disabled,
  );
  await fillDemoCard(form);
  const recorded = page.waitForResponse((response) =>
    isCall(response, routeOf('PATCH /order/:id', { params: { id: orderId } })),
  );
  await press(form.getByRole('button', { name: 'make the payment' }));
  await seeToast(page, copy.paymentSucceeded);
  expect((await recorded).status()).toBe(200);
  await gone(form.getByLabel('Card number'));
}
