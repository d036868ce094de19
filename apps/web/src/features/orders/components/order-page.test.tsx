import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { OrderEvent } from '@shop/shared/contracts/orders';
import { mockApi } from '@/test/fetch-mock';
import { aMultiLineOrderDetail, anOrderDetail, aTaxLine } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { admin, customer, signedInAs } from '@/test/signed-in';

const event = (kind: OrderEvent['kind'], overrides: Partial<OrderEvent> = {}): OrderEvent => ({
  kind,
  at: '2026-01-02T10:00:00.000Z',
  actor: 'customer',
  actorEmail: null,
  carrier: null,
  trackingNumber: null,
  ...overrides,
});

const shipped = anOrderDetail({
  paid: true,
  ship: true,
  transactionId: 'pi_1',
  carrier: 'DHL',
  trackingNumber: 'JD01',
});
const shippedEvents = [
  event('placed'),
  event('payment-started'),
  event('paid'),
  event('shipped', { actor: 'admin', carrier: 'DHL', trackingNumber: 'JD01' }),
];

describe('the order page', () => {
  it("shows the customer the order, its tracking number and its timeline, and no admin's actions", async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /order/:id/timeline': { params: { id: 'o1' }, body: { order: shipped, events: shippedEvents } },
    });
    renderApp('/dashboard/orders/o1');
    expect(await screen.findByRole('heading', { name: 'Order: Flat Brush' })).toBeInTheDocument();
    expect(screen.getByText('Shipped', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.getByText('JD01')).toBeInTheDocument();
    const timeline = screen.getByRole('list', { name: 'Order timeline' });
    const items = within(timeline).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('span')?.textContent)).toEqual([
      'Order placed',
      'Payment started',
      'Payment received',
      'Shipped',
    ]);
    expect(items[3]).toHaveTextContent('by the shop');
    expect(items[3]).toHaveTextContent('DHL, tracking number JD01');
    expect(screen.queryByRole('button', { name: 'Cancel and refund' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/my-orders',
    );
  });

  it('lets an admin ship a paid order with a carrier and tracking number', async () => {
    const user = userEvent.setup();
    const paid = anOrderDetail({ paid: true, transactionId: 'pi_1' });
    const api = mockApi({
      ...signedInAs(admin),
      'GET /order/:id/timeline': {
        params: { id: 'o1' },
        body: { order: paid, events: [event('placed'), event('paid')] },
      },
      'PATCH /shipping-order/:id': { params: { id: 'o1' }, body: { modifiedCount: 1 } },
    });
    renderApp('/dashboard/orders/o1');
    await user.type(await screen.findByLabelText('Carrier (optional)'), 'DHL');
    await user.type(screen.getByLabelText('Tracking number (optional)'), 'JD01');
    await user.click(screen.getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        carrier: 'DHL',
        trackingNumber: 'JD01',
      }),
    );
    expect(screen.getByText(/Cara Customer \(cara@shop.test\)/)).toBeInTheDocument();
  });

  it('an admin refunds a paid order after confirming', async () => {
    const user = userEvent.setup();
    const paid = anOrderDetail({ paid: true, transactionId: 'pi_1' });
    const api = mockApi({
      ...signedInAs(admin),
      'GET /order/:id/timeline': {
        params: { id: 'o1' },
        body: { order: paid, events: [event('placed'), event('paid')] },
      },
      'POST /order/:id/cancel': { params: { id: 'o1' }, body: { ...paid, state: 'refunded' } },
    });
    renderApp('/dashboard/orders/o1');
    await user.click(await screen.findByRole('button', { name: 'Cancel and refund' }));
    const dialog = screen.getByRole('dialog', { name: "Refund Cara Customer's order?" });
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(api.calls.some((call) => call.url === '/api/order/o1/cancel')).toBe(true));
  });
  it('shows every line of an order of several tools, its PO number, note and the address it ships to', async () => {
    const order = aMultiLineOrderDetail();
    mockApi({
      ...signedInAs(customer),
      'GET /order/:id/timeline': { params: { id: 'o5' }, body: { order, events: [event('placed')] } },
    });
    renderApp('/dashboard/orders/o5');
    expect(
      await screen.findByRole('heading', { name: 'Order: Angled Sash Brush and 2 more' }),
    ).toBeInTheDocument();
    const lines = screen.getByRole('table', { name: 'Tools in this order' });
    const rows = within(lines).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      // Each with its SKU as ordered ('007' stays text).
      ['Angled Sash Brush SKU BR-50A', '100', '$9.00', '$900'],
      ['Foam Roller SKU RL-9', '48', '$5.00', '$240'],
      ['Paint Tray SKU 007', '10', '$3.50', '$35'],
    ]);
    expect(within(lines).getByRole('link', { name: 'Foam Roller' })).toHaveAttribute('href', '/tools/t2');
    const valueOf = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(valueOf('Quantity')).toHaveTextContent('158');
    expect(valueOf('Total')).toHaveTextContent('$1,200');
    expect(valueOf('PO number')).toHaveTextContent('PO-2291');
    expect(valueOf('Note')).toHaveTextContent('Deliver to the side gate');
    const shipTo = within(valueOf('Ship to') as HTMLElement);
    expect(shipTo.getByText('Cara Decorating')).toBeInTheDocument();
    expect(shipTo.getByText('Leeds LS1 4AB')).toBeInTheDocument();
    expect(shipTo.getByText('United Kingdom')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay' })).toHaveAttribute('href', '/dashboard/payments/o5');
  });

  it('an order placed on the purchase page shows its one line and the address as typed', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /order/:id/timeline': {
        params: { id: 'o1' },
        body: { order: anOrderDetail(), events: [event('placed')] },
      },
    });
    renderApp('/dashboard/orders/o1');
    const lines = await screen.findByRole('table', { name: 'Tools in this order' });
    expect(within(lines).getAllByRole('row')).toHaveLength(2);
    expect(within(lines).getByRole('rowheader', { name: 'Flat Brush SKU FB-100' })).toBeInTheDocument();
    expect(screen.getByText('Ship to', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '1 Canvas Road',
    );
    expect(screen.queryByText('PO number', { selector: 'dt' })).not.toBeInTheDocument();
    // Placed before tax (docs/behaviour.md §5.22): no Tax row.
    expect(screen.queryByText('Tax', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('an order placed since tax shows its Tax row, with where and why, before the total (§5.22)', async () => {
    const order = aMultiLineOrderDetail({
      tax: 88.94,
      total: 1288.94,
      price: 1288.94,
      taxLines: [aTaxLine({ taxable: 1200, amount: 88.94, rate: 7.4117 })],
    });
    mockApi({
      ...signedInAs(customer),
      'GET /order/:id/timeline': { params: { id: 'o5' }, body: { order, events: [event('placed')] } },
    });
    renderApp('/dashboard/orders/o5');
    const tax = (await screen.findByText('Tax', { selector: 'dt' })).nextElementSibling;
    expect(tax).toHaveTextContent('$88.94');
    expect(tax).toHaveTextContent('Sales tax US-CA 7.4117 %');
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms.indexOf('Tax')).toBe(terms.indexOf('Total') - 1);
    expect(screen.getByText('Total', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '$1,288.94 items $1,175 + shipping $25 + tax $88.94',
    );
  });

  it('a refund that reversed the tax says so', async () => {
    const order = anOrderDetail({
      paid: true,
      state: 'cancelled',
      transactionId: 'pi_1',
      tax: 0,
      taxLines: [
        aTaxLine({
          reason: 'exempt',
          rate: 0,
          amount: 0,
          reference: 'SR-CA-1001',
          reversedAt: '2026-01-05T10:00:00.000Z',
        }),
      ],
    });
    mockApi({
      ...signedInAs(customer),
      'GET /order/:id/timeline': { params: { id: 'o1' }, body: { order, events: [event('placed')] } },
    });
    renderApp('/dashboard/orders/o1');
    expect(
      await screen.findByText('Exempt (certificate SR-CA-1001) (reversed with the refund)'),
    ).toBeInTheDocument();
  });
});
