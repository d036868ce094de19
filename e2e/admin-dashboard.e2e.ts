import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopMetrics } from '@shop/shared/contracts/shop-metrics';
import { formatCount } from '@shop/shared/format';
import { formatDollars } from '@shop/shared/money';
import {
  adminToken,
  apiExpect,
  createTool,
  newCustomer,
  payOrderByApi,
  placeOrderByApi,
  type TestUser,
} from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { hasChromium } from './helpers/context';
import { atPath, eventually, shown } from './helpers/wait';

/**
 * docs/behaviour.md §8.1: the owner reads the week's figures; a customer sees their open orders.
 * The server is shared with the other journeys, so the week's figures are read from the API
 * before and after this journey's own orders: the difference is known, and the screen must show
 * what the API says.
 */
const metricsByApi = async (token: string, days = 7) =>
  apiExpect(200, 'GET /shop-metrics', { as: { token }, query: { days: String(days) } });

const figure = (page: Page, label: string): Locator =>
  page.locator('.stat').filter({ has: page.getByText(label, { exact: true }) });

const stateCount = (metrics: ShopMetrics, state: string) =>
  metrics.ordersByState.find((entry) => entry.state === state)!.count;

describe.skipIf(!hasChromium)("the owner's dashboard", () => {
  let browser: Browser;
  let customer: TestUser;
  const orderIds: Record<'bulk' | 'minimum' | 'unpaid', string> = { bulk: '', minimum: '', unpaid: '' };
  let toolName = '';

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("an admin reads the week's figures, which count the week's new orders, and switches to 30 days", async () => {
    const token = await adminToken();
    const before = await metricsByApi(token);

    // The seeded week: a tool at $3 (ship price $25, minimum 10), a bulk order of 2,000 paid, an
    // order at the minimum paid and shipped, and one unpaid; a second tool under its low-stock line.
    const tool = await createTool({ availableQuantity: 5000, orderQuantity: 10, perPartsPrice: 3 });
    toolName = tool.name;
    await createTool({
      name: `E2E Low Tray ${tool._id.slice(0, 6)}`,
      availableQuantity: 4,
      orderQuantity: 10,
    });
    customer = await newCustomer('Olga');
    orderIds.bulk = await placeOrderByApi(customer, tool._id, 2000);
    await payOrderByApi(customer, orderIds.bulk);
    orderIds.minimum = await placeOrderByApi(customer, tool._id, 10);
    await payOrderByApi(customer, orderIds.minimum);
    await apiExpect(200, 'PATCH /shipping-order/:id', { as: { token }, params: { id: orderIds.minimum } });
    orderIds.unpaid = await placeOrderByApi(customer, tool._id, 10);

    const after = await metricsByApi(token);
    // $6,025 (2,000 x $3 + $25) and $55 (10 x $3 + $25) paid; $55 waiting.
    expect(after.sales.revenue - before.sales.revenue).toBeCloseTo(6080, 2);
    expect(after.sales.paidOrders - before.sales.paidOrders).toBe(2);
    expect(after.sales.aboveMinimum - before.sales.aboveMinimum).toBe(1);
    expect(after.waitingUnpaid.orders - before.waitingUnpaid.orders).toBe(1);
    expect(after.waitingUnpaid.value - before.waitingUnpaid.value).toBeCloseTo(55, 2);
    expect(stateCount(after, 'unpaid') - stateCount(before, 'unpaid')).toBe(1);
    expect(stateCount(after, 'paid') - stateCount(before, 'paid')).toBe(1);
    expect(stateCount(after, 'shipped') - stateCount(before, 'shipped')).toBe(1);
    expect(after.lowStock.count - before.lowStock.count).toBe(1);
    expect(after.topTools[0]).toEqual({ toolId: tool._id, toolName: tool.name, units: 2010 });

    const journey = await startJourney(browser, 'admin-dashboard', { token });
    const { page } = journey;
    await page.goto('/dashboard');
    await shown(page.getByText(/7 whole days in UTC/));
    await shown(figure(page, 'Revenue').getByText(formatDollars(after.sales.revenue), { exact: true }));
    await shown(figure(page, 'Revenue').getByText(`${after.sales.paidOrders} paid orders`, { exact: true }));
    await shown(
      figure(page, 'Average order').getByText(formatDollars(after.sales.averageOrderValue!), { exact: true }),
    );
    await shown(
      figure(page, 'Waiting unpaid').getByText(formatDollars(after.waitingUnpaid.value), { exact: true }),
    );
    const sellers = page.getByRole('table', { name: 'Best sellers' });
    await shown(sellers.getByRole('row').nth(1).getByText(tool.name));
    await shown(sellers.getByRole('row').nth(1).getByText(formatCount(2010), { exact: true }));

    // The chart: one image with its own name, and today's revenue in the table behind it.
    const chart = page.getByRole('img', { name: /^Revenue per day/ });
    await shown(chart);
    expect(await chart.locator('rect').count()).toBe(7);
    const today = after.revenueByDay.at(-1)!;
    const todayRow = page
      .getByRole('table', { name: /^Revenue per day/ })
      .getByRole('row')
      .last();
    expect(await todayRow.textContent()).toContain(formatDollars(today.revenue));
    await journey.checkScreen('week');

    // 30 days: the period follows the address, the figures the API.
    const month = await metricsByApi(token, 30);
    await page.getByRole('group', { name: 'Period' }).getByRole('button', { name: '30 days' }).click();
    await shown(page.getByText(/30 whole days in UTC/));
    expect(new URL(page.url()).search).toBe('?days=30');
    await eventually(() => chart.locator('rect').count()).toBe(30);
    await shown(figure(page, 'Revenue').getByText(formatDollars(month.sales.revenue), { exact: true }));
    await journey.checkScreen('30-days');
    await journey.close();
  });

  it('a customer sees their open orders, each linking to its page; a shipped one is not open', async () => {
    const journey = await startJourney(browser, 'customer-dashboard', { token: customer.token });
    const { page } = journey;
    await page.goto('/dashboard');
    const list = page.getByRole('list', { name: 'Open orders' });
    await shown(list);
    const links = list.getByRole('link');
    await eventually(() => links.count()).toBe(2);
    expect(await links.nth(0).getAttribute('href')).toBe(`/dashboard/orders/${orderIds.unpaid}`);
    await shown(links.nth(0).getByText('Unpaid', { exact: true }));
    expect(await links.nth(1).getAttribute('href')).toBe(`/dashboard/orders/${orderIds.bulk}`);
    await shown(links.nth(1).getByText('Paid, to be shipped', { exact: true }));
    await shown(links.nth(1).getByText(toolName));
    await journey.checkScreen('open-orders');

    await links.nth(0).click();
    await atPath(page, `/dashboard/orders/${orderIds.unpaid}`);
    await journey.close();
  });
});
