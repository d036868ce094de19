import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import { DEMO_CARD_SUCCEEDS } from '@shop/shared/demo-cards';
import { apiExpect, createTool, newCustomer } from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { hasChromium } from './helpers/context';
import { atPath, eventually, seeToast, shown, textsOf } from './helpers/wait';

/** docs/behaviour.md §3.7: pack sizes, price breaks and shipping in the total, in the browser. */
const expiry = `12 / ${String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0')}`;
const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

describe.skipIf(!hasChromium)('a trade buyer', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sees the ladder and the live unit price, is told the nearest packs, and pays an order at a price break', async () => {
    const customer = await newCustomer('Dora');
    // Packs of 10 from 20, $10 each; $9.00 from 100, $8.10 from 200; $30 shipping.
    const tool = await createTool({
      availableQuantity: 1000,
      orderQuantity: 20,
      perPartsPrice: 10,
      packSize: 10,
      shipPrice: 30,
      priceBreaks: [
        { fromQuantity: 100, unitPrice: 9 },
        { fromQuantity: 200, unitPrice: 8.1 },
      ],
    });
    const journey = await startJourney(browser, 'trade-pricing', { token: customer.token });
    const { page } = journey;

    // The product card: the tool's own ship price and its ladder. Newest first: the shared shop
    // holds more tools than one page of the products page (docs/behaviour.md §3.3).
    await page.goto('/all-products?sort=newest');
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: tool.name }) });
    await shown(card);
    expect(squeeze(await card.innerText())).toContain('Ship Price: $30');
    // Read until it holds: the list may render again as the page hydrates.
    await eventually(async () =>
      (await card.getByRole('table').getByRole('row').allInnerTexts()).map(squeeze),
    ).toEqual(['Quantity Price each', '20+ $10.00', '100+ $9.00', '200+ $8.10']);
    await journey.checkScreen('products-with-ladder');
    await card.getByRole('link', { name: `Place Order for ${tool.name}` }).click();
    await atPath(page, `/purchase/${tool._id}`);

    const form = page.getByRole('region', { name: 'Order Info' });
    const quantity = form.getByLabel('Quantity', { exact: true });
    const order = form.getByRole('button', { name: 'Order', exact: true });
    const quote = form.locator('#order-quote');
    await shown(form.getByText('Sold in packs of 10.', { exact: true }));
    expect(await quantity.getAttribute('step')).toBe('10');

    // While typing: the unit price that applies and what the next break saves.
    await quantity.fill('160');
    await eventually(async () => squeeze(await quote.innerText())).toContain('Your price: $9.00 each');
    expect(squeeze(await quote.innerText())).toContain('Add 40 more to pay $8.10 each');
    expect(squeeze(await quote.innerText())).toContain('Order total: $1,470');
    await journey.checkScreen('purchase-ladder');

    // A quantity that is not whole packs: explained before Order is pressed.
    await quantity.fill('47');
    await shown(form.getByRole('status').filter({ hasText: 'Sold in packs of 10: order 40 or 50' }));
    expect(await order.isDisabled()).toBe(true);
    await journey.checkScreen('purchase-pack-multiple');

    // At the $8.10 break: 200 x $8.10 = $1,620, plus $30 shipping = $1,650.
    await quantity.fill('200');
    await eventually(async () => squeeze(await quote.innerText())).toContain('Your price: $8.10 each');
    expect(squeeze(await quote.innerText())).toContain(
      'Items (200): $1,620 Shipping: $30 Order total: $1,650',
    );
    await form.getByLabel('Phone', { exact: true }).fill('01711 223344');
    await form.getByLabel('Shipping address', { exact: true }).fill('3 Trade Park, Leeds LS2 7AB');
    await order.click();
    await seeToast(page, copy.orderSucceeded);
    await atPath(page, '/dashboard/my-orders');

    // My Orders: the total with its parts.
    const row = page.getByRole('row').filter({ hasText: tool.name });
    await shown(row);
    expect(await textsOf(row.getByRole('cell'))).toContain('$1,650 items $1,620 + shipping $30');
    await row.getByRole('link', { name: 'Pay' }).click();

    // The payment page: unit price at the break, items, shipping and the total that is charged.
    await shown(page.getByRole('heading', { name: 'Payment Method' }));
    const summary = page.getByRole('definition');
    await shown(summary.first());
    expect(await textsOf(summary)).toEqual([
      customer.name,
      tool.name,
      '200',
      '$8.10',
      '$1,620',
      '$30',
      // Not registered for tax where the shop is (docs/behaviour.md §5.22): none, and it says so.
      '$0Not registered: no tax',
      '$1,650',
    ]);
    const payForm = page.getByRole('region', { name: 'Card payment' });
    await page.waitForFunction(
      () => !document.querySelector<HTMLButtonElement>('#payment-form-slot button[type=submit]')?.disabled,
    );
    await journey.checkScreen('payment-with-shipping');
    await payForm.getByLabel('Card number').fill(DEMO_CARD_SUCCEEDS);
    await payForm.getByLabel('Expiry (MM / YY)').fill(expiry);
    await payForm.getByLabel('CVC').fill('123');
    await payForm.getByRole('button', { name: 'make the payment' }).click();
    await seeToast(page, copy.paymentSucceeded);

    // The server agrees: paid, for the total, with the breakdown stored.
    const [paid] = (
      await apiExpect(200, 'GET /my-order', { as: customer, query: { email: customer.email } })
    ).filter((placed) => placed.toolsId === tool._id);
    expect(paid).toMatchObject({
      paid: true,
      quantity: 200,
      unitPrice: 8.1,
      itemsTotal: 1620,
      shipping: 30,
      total: 1650,
      price: 1650,
    });

    await page.goto('/dashboard/my-orders');
    await shown(row.getByText('Paid', { exact: true }));
    expect(await textsOf(row.getByRole('cell'))).toContain('$1,650 items $1,620 + shipping $30');
    await journey.checkScreen('my-orders-with-shipping');
    await journey.close();
  });
});
