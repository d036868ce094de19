import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@shop/shared/constants';
import { copy } from '@shop/shared/copy';
import { mockApi } from '@/test/fetch-mock';
import { aMultiLineOrderDetail, anOrder } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { customer, signedInAs } from '@/test/signed-in';

/** 120 at $3: $360. */
const unpaid = anOrder({ _id: 'o1', toolsName: 'Flat Brush', unitPrice: 3, price: 360 });
const paid = anOrder({ _id: 'o2', toolsName: 'Paint Roller', paid: true, transactionId: 'pi_123abc' });

const rowOf = async (toolsName: string) =>
  (await screen.findByRole('cell', { name: toolsName })).closest('tr')!;

describe('My Orders', () => {
  it('lists the orders with the columns of §5.7 and dollar totals', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /my-order': { query: { email: 'cara@shop.test' }, body: [unpaid, paid] },
    });
    renderApp('/dashboard/my-orders');
    const row = await rowOf('Flat Brush');
    for (const header of [
      'Name',
      'Tools Name',
      'Quantity',
      'Total Price',
      'Order',
      copy.transactionIdHeader,
    ]) {
      expect(screen.getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(row).getByText('$360')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Pay' })).toHaveAttribute('href', '/dashboard/payments/o1');
    expect(within(row).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('a paid order shows Paid and its transaction id instead of Cancel and Pay', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /my-order': { query: { email: 'cara@shop.test' }, body: [paid] },
    });
    renderApp('/dashboard/my-orders');
    const row = await rowOf('Paint Roller');
    expect(within(row).getByText('Paid')).toBeInTheDocument();
    expect(within(row).getByText('pi_123abc')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('a paid order links to its receipt; an unpaid one has none (docs/behaviour.md §5.16)', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /my-order': { query: { email: 'cara@shop.test' }, body: [unpaid, paid] },
    });
    renderApp('/dashboard/my-orders');
    const receipt = within(await rowOf('Paint Roller')).getByRole('link', {
      name: 'Receipt for Paint Roller',
    });
    expect(receipt).toHaveAttribute('href', `/dashboard/orders/${paid._id}/receipt`);
    expect(
      within(await rowOf('Flat Brush')).queryByRole('link', { name: /Receipt/ }),
    ).not.toBeInTheDocument();
  });

  it('a cancelled or refunded order says so, with no actions; each row links to its order page', async () => {
    const cancelled = anOrder({ _id: 'o3', toolsName: 'Wide Brush', state: 'cancelled' });
    const refunded = anOrder({
      _id: 'o4',
      toolsName: 'Mini Roller',
      paid: true,
      state: 'refunded',
      transactionId: 'pi_9',
    });
    mockApi({
      ...signedInAs(customer),
      'GET /my-order': { query: { email: 'cara@shop.test' }, body: [cancelled, refunded] },
    });
    renderApp('/dashboard/my-orders');
    const row = await rowOf('Wide Brush');
    expect(within(row).getByText('Cancelled')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: 'Pay' })).not.toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Wide Brush' })).toHaveAttribute(
      'href',
      '/dashboard/orders/o3',
    );
    const refundedRow = await rowOf('Mini Roller');
    expect(within(refundedRow).getByText('Refunded')).toBeInTheDocument();
    expect(within(refundedRow).queryByText('pi_9')).not.toBeInTheDocument();
  });

  it('Cancel asks first, and Close Action leaves the order alone', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(customer),
      'GET /my-order': { query: { email: 'cara@shop.test' }, body: [unpaid] },
    });
    renderApp('/dashboard/my-orders');
    await user.click(within(await rowOf('Flat Brush')).getByRole('button', { name: 'Cancel' }));

    const dialog = screen.getByRole('dialog', { name: copy.cancelOrderQuestion('Flat Brush') });
    expect(within(dialog).getByRole('button', { name: 'Close Action' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Cancel Order' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close Action' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('Cancel Order deletes the order, says so and refetches the list', async () => {
    const user = userEvent.setup();
    let orders = [unpaid, paid];
    const api = mockApi({
      ...signedInAs(customer),
      'GET /my-order': { query: { email: 'cara@shop.test' }, answer: () => ({ body: orders }) },
      'DELETE /order/:id': {
        params: { id: 'o1' },
        answer: () => {
          orders = orders.filter((o) => o._id !== 'o1');
          return { body: { deletedCount: 1 } };
        },
      },
    });
    renderApp('/dashboard/my-orders');
    await user.click(within(await rowOf('Flat Brush')).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Cancel Order' }));

    expect(await screen.findByText(copy.deletedSuccessfully('Flat Brush'))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Flat Brush' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.route === 'GET /my-order')).toHaveLength(2);
  });

  it('with no orders, points to the products', async () => {
    mockApi({ ...signedInAs(customer), 'GET /my-order': { query: { email: 'cara@shop.test' }, body: [] } });
    renderApp('/dashboard/my-orders');
    expect(await screen.findByRole('link', { name: 'Browse the products' })).toHaveAttribute(
      'href',
      '/all-products',
    );
  });

  it('a failed list shows an error with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockApi({
      ...signedInAs(customer),
      'GET /my-order': {
        query: { email: 'cara@shop.test' },
        answer: () =>
          fail ? { status: 500, body: { code: 'internal', message: 'Something broke' } } : { body: [unpaid] },
      },
    });
    renderApp('/dashboard/my-orders');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something broke');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('cell', { name: 'Flat Brush' })).toBeInTheDocument();
  });

  it('a 401 from the orders call signs the user out and goes home', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /my-order': {
        query: { email: 'cara@shop.test' },
        status: 401,
        body: { code: 'unauthorized', message: 'Sign in first' },
      },
      'GET /tool': { body: [] },
      'GET /review': { body: [] },
    });
    const { router } = renderApp('/dashboard/my-orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
  it('an order of several tools is one row, named by its summary and linking to its page', async () => {
    const { lines: _lines, ...several } = aMultiLineOrderDetail();
    mockApi({
      ...signedInAs(customer),
      'GET /my-order': { query: { email: 'cara@shop.test' }, body: [several, unpaid] },
    });
    renderApp('/dashboard/my-orders');
    const row = within(await rowOf('Angled Sash Brush and 2 more'));
    expect(row.getByRole('link', { name: 'Angled Sash Brush and 2 more' })).toHaveAttribute(
      'href',
      '/dashboard/orders/o5',
    );
    expect(row.getByText('158')).toBeInTheDocument();
    expect(row.getByText('$1,200')).toBeInTheDocument();
    expect(row.getByText('items $1,175 + shipping $25')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'Pay' })).toHaveAttribute('href', '/dashboard/payments/o5');
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });
});
