import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FailedOrderMail } from '@shop/shared/contracts/order-mail';
import type { ShopMetrics } from '@shop/shared/contracts/shop-metrics';
import { mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { admin, signedInAs } from '@/test/signed-in';

const week: ShopMetrics = {
  period: { days: 7, from: '2026-03-09T00:00:00.000Z', to: '2026-03-16T00:00:00.000Z' },
  sales: { revenue: 335, paidOrders: 4, averageOrderValue: 83.75, aboveMinimum: 2, aboveMinimumShare: 0.5 },
  revenueByDay: ['09', '10', '11', '12', '13', '14', '15'].map((date, index) => ({
    day: `2026-03-${date}`,
    revenue: [75, 5, 0, 175, 0, 0, 80][index]!,
    paidOrders: [1, 1, 0, 1, 0, 0, 1][index]!,
  })),
  ordersByState: [
    { state: 'unpaid', count: 1 },
    { state: 'paid', count: 3 },
    { state: 'shipped', count: 1 },
  ],
  waitingUnpaid: { orders: 1, value: 40 },
  topTools: [
    { toolId: 't1', toolName: 'Flat Wall Brush', units: 1200 },
    { toolId: 't2', toolName: 'Paint Roller', units: 40 },
  ],
  lowStock: {
    count: 12,
    outOfStock: 1,
    tools: [{ _id: 't3', name: 'Masking Tape', availableQuantity: 0, lowStockLine: 10 }],
  },
};

const empty: ShopMetrics = {
  ...week,
  period: { days: 30, from: '2026-02-14T00:00:00.000Z', to: '2026-03-16T00:00:00.000Z' },
  sales: { revenue: 0, paidOrders: 0, averageOrderValue: null, aboveMinimum: 0, aboveMinimumShare: null },
  revenueByDay: week.revenueByDay.map((day) => ({ ...day, revenue: 0, paidOrders: 0 })),
  ordersByState: week.ordersByState.map((entry) => ({ ...entry, count: 0 })),
  waitingUnpaid: { orders: 0, value: 0 },
  topTools: [],
  lowStock: { count: 0, outOfStock: 0, tools: [] },
};

const noFailedMail = { 'GET /order-mail/failed': { body: { count: 0, mails: [] } } };

const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!;

describe("the admin's dashboard (docs/behaviour.md §8.3)", () => {
  it('shows the figures of the last 7 UTC days', async () => {
    mockApi({
      ...signedInAs(admin),
      ...noFailedMail,
      'GET /shop-metrics': { query: { days: '7' }, body: week },
    });
    renderApp('/dashboard');
    await screen.findByText(/9 Mar 2026 to 15 Mar 2026: 7 whole days in UTC/);
    expect(within(figure('Revenue')).getByText('$335')).toBeInTheDocument();
    expect(within(figure('Revenue')).getByText('4 paid orders')).toBeInTheDocument();
    expect(within(figure('Average order')).getByText('$83.75')).toBeInTheDocument();
    expect(within(figure('Waiting unpaid')).getByText('$40')).toBeInTheDocument();
    expect(within(figure('Waiting unpaid')).getByText('1 unpaid order')).toBeInTheDocument();
    expect(within(figure('Above the minimum')).getByText('50%')).toBeInTheDocument();
    expect(within(figure('Unpaid')).getByText('1')).toBeInTheDocument();
    expect(within(figure('Paid, to ship')).getByText('3')).toBeInTheDocument();
    expect(within(figure('Shipped')).getByText('1')).toBeInTheDocument();

    const sellers = screen.getByRole('table', { name: 'Best sellers' });
    expect(
      within(sellers)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['ToolUnits sold', 'Flat Wall Brush1,200', 'Paint Roller40']);
    expect(screen.getByText(/12 tools at or under the low-stock line, 1 out of stock/)).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Low stock' })).getByText('Masking Tape'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Restock on Manage Products' })).toHaveAttribute(
      'href',
      '/dashboard/manage-products',
    );
  });

  it('draws revenue per day as an image with a title and a description, and a table for screen readers', async () => {
    mockApi({
      ...signedInAs(admin),
      ...noFailedMail,
      'GET /shop-metrics': { query: { days: '7' }, body: week },
    });
    renderApp('/dashboard');
    const chart = await screen.findByRole('img', { name: /Revenue per day, 9 Mar 2026 to 15 Mar 2026/ });
    expect(chart).toHaveAccessibleDescription(
      '$335 in all; the best day was 12 Mar 2026 with $175; 4 days of 7 had sales.',
    );
    // One bar per day, the best day the tallest (the scale's top is $200).
    const bars = chart.querySelectorAll('rect');
    expect(bars).toHaveLength(7);
    expect(bars[3]!.getAttribute('height')).toBe('87.5');
    expect(bars[2]!.getAttribute('height')).toBe('0');

    const table = screen.getByRole('table', { name: /Revenue per day/ });
    expect(within(table).getAllByRole('row')).toHaveLength(8);
    expect(within(table).getByRole('row', { name: /12 Mar 2026/ })).toHaveTextContent('12 Mar 2026$1751');
  });

  it('switches to 30 days, keeps the period in the address, and says when nothing sold', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signedInAs(admin),
      ...noFailedMail,
      'GET /shop-metrics': [
        { query: { days: '7' }, body: week },
        { query: { days: '30' }, body: empty },
      ],
    });
    const { router } = renderApp('/dashboard');
    const period = await screen.findByRole('group', { name: 'Period' });
    expect(within(period).getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(period).getByRole('button', { name: '30 days' }));
    await screen.findByText(/14 Feb 2026 to 15 Mar 2026: 30 whole days in UTC/);
    expect(router.state.location.search).toBe('?days=30');
    expect(within(period).getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(figure('Average order')).getByText('—')).toBeInTheDocument();
    expect(within(figure('Above the minimum')).getByText('—')).toBeInTheDocument();
    expect(screen.getByText('No tool was sold in this period.')).toBeInTheDocument();
    expect(screen.getByText('Every tool is above its low-stock line.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Revenue per day/ })).toHaveAccessibleDescription(
      'No revenue on any day.',
    );
  });

  it('opens on the period the address names', async () => {
    mockApi({
      ...signedInAs(admin),
      ...noFailedMail,
      'GET /shop-metrics': { query: { days: '30' }, body: empty },
    });
    renderApp('/dashboard?days=30');
    await screen.findByText(/30 whole days in UTC/);
  });

  it('offers a retry when the figures fail to load', async () => {
    mockApi({
      ...signedInAs(admin),
      ...noFailedMail,
      'GET /shop-metrics': {
        query: { days: '7' },
        status: 500,
        body: { code: 'internal', message: 'Something went wrong' },
      },
    });
    renderApp('/dashboard');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('order e-mails that could not be sent (docs/behaviour.md §5.13)', () => {
  const failedMail: FailedOrderMail = {
    _id: '41',
    orderId: 'o1',
    kind: 'shipped',
    to: 'kim@painters.test',
    toolName: 'Flat Wall Brush',
    attempts: 3,
    lastError: '550 Mailbox unavailable',
    queuedAt: '2026-03-15T09:00:00.000Z',
  };

  it('shows none when every e-mail went', async () => {
    mockApi({
      ...signedInAs(admin),
      ...noFailedMail,
      'GET /shop-metrics': { query: { days: '7' }, body: week },
    });
    renderApp('/dashboard');
    await screen.findByText(/7 whole days in UTC/);
    expect(screen.queryByText(/could not be sent/)).not.toBeInTheDocument();
  });

  it('lists them with the server answer, and Send again queues one again', async () => {
    let failed = [failedMail];
    const { calls } = mockApi({
      ...signedInAs(admin),
      'GET /shop-metrics': { query: { days: '7' }, body: week },
      'GET /order-mail/failed': { answer: () => ({ body: { count: failed.length, mails: failed } }) },
      'POST /order-mail/:id/retry': {
        params: { id: '41' },
        answer: () => {
          failed = [];
          return { body: { ...failedMail, attempts: 0 } };
        },
      },
    });
    renderApp('/dashboard');
    const notice = await screen.findByRole('region', { name: '1 order e-mail could not be sent' });
    expect(within(notice).getByText('550 Mailbox unavailable')).toBeInTheDocument();
    expect(within(notice).getByRole('link', { name: 'order of Flat Wall Brush' })).toHaveAttribute(
      'href',
      '/dashboard/orders/o1',
    );
    await userEvent.click(
      within(notice).getByRole('button', { name: 'Send the On its way e-mail to kim@painters.test again' }),
    );
    expect(
      await screen.findByText('The e-mail to kim@painters.test is on its way again'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/order-mail/41/retry')).toBe(
      true,
    );
    await waitFor(() => expect(screen.queryByText(/could not be sent/)).not.toBeInTheDocument());
  });
});
