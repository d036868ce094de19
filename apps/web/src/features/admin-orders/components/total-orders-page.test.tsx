import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { copy } from '@shop/shared/copy';
import { mockApi } from '@/test/fetch-mock';
import { aMultiLineOrderDetail, anOrder } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { admin, signedInAs } from '@/test/signed-in';

const notPaid = anOrder({ _id: 'o1', toolsName: 'Flat Brush' });
const toShip = anOrder({ _id: 'o2', toolsName: 'Paint Roller', paid: true, transactionId: 'pi_2' });
const shipped = anOrder({
  _id: 'o3',
  toolsName: 'Palette Knife',
  paid: true,
  transactionId: 'pi_3',
  ship: true,
});

const rowOf = async (toolsName: string) =>
  (await screen.findByRole('cell', { name: toolsName })).closest('tr')!;

describe('Total Orders', () => {
  it('shows payment status and the shipping action: Pending, Shipped, or nothing when not paid', async () => {
    mockApi({
      ...signedInAs(admin),
      'GET /order': { query: { limit: '50' }, body: [notPaid, toShip, shipped] },
    });
    renderApp('/dashboard/all-orders');

    const notPaidRow = await rowOf('Flat Brush');
    expect(within(notPaidRow).getByText('Not Paid')).toBeInTheDocument();
    expect(within(notPaidRow).queryByRole('button')).not.toBeInTheDocument();
    expect(within(notPaidRow).queryByText('Shipped')).not.toBeInTheDocument();

    const toShipRow = await rowOf('Paint Roller');
    expect(within(toShipRow).getByText('Paid')).toBeInTheDocument();
    expect(within(toShipRow).getByRole('button', { name: /^Pending/ })).toBeInTheDocument();

    const shippedRow = await rowOf('Palette Knife');
    expect(within(shippedRow).getByText('Shipped')).toBeInTheDocument();
    expect(within(shippedRow).queryByRole('button')).not.toBeInTheDocument();
    expect(within(shippedRow).getByText('cara@shop.test')).toBeInTheDocument();
  });

  it('Pending marks the order shipped, says Product is on the way and refetches', async () => {
    const user = userEvent.setup();
    let orders = [toShip];
    const api = mockApi({
      ...signedInAs(admin),
      'GET /order': { query: { limit: '50' }, answer: () => ({ body: orders }) },
      'PATCH /shipping-order/:id': {
        params: { id: 'o2' },
        answer: () => {
          orders = orders.map((o) => ({ ...o, ship: true }));
          return { body: { modifiedCount: 1 } };
        },
      },
    });
    renderApp('/dashboard/all-orders');
    await user.click(within(await rowOf('Paint Roller')).getByRole('button', { name: /^Pending/ }));

    expect(await screen.findByText(copy.shipped)).toBeInTheDocument();
    // ('Shipped' is also an option of the state filter: the row's badge is meant.)
    await waitFor(async () =>
      expect(within(await rowOf('Paint Roller')).getByText('Shipped')).toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: /^Pending/ })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.route === 'GET /order')).toHaveLength(2);
  });

  it('a 403 from the orders call signs the user out and goes home', async () => {
    mockApi({
      ...signedInAs(admin),
      'GET /order': {
        query: { limit: '50' },
        status: 403,
        body: { code: 'forbidden', message: 'Admins only' },
      },
      'GET /tool': { body: [] },
      'GET /review': { body: [] },
    });
    const { router } = renderApp('/dashboard/all-orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});

describe('Total Orders: state, pages in the URL, and the CSV export (docs/behaviour.md §5.15, §5.17)', () => {
  it('the state filter applies at once, is kept in the URL and starts at the first page', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signedInAs(admin),
      'GET /order': [
        { query: { cursor: 'c1', limit: '50' }, body: [notPaid] },
        { query: { state: 'shipped', limit: '50' }, body: [shipped] },
      ],
    });
    const { router } = renderApp('/dashboard/all-orders?cursor=c1');
    await rowOf('Flat Brush');
    await user.selectOptions(screen.getByLabelText('State'), 'Shipped');
    await rowOf('Palette Knife');
    expect(router.state.location.search).toBe('?state=shipped');
    expect(screen.queryByRole('cell', { name: 'Flat Brush' })).not.toBeInTheDocument();
  });

  it("'Cancelled' is offered; with no such order it says so", async () => {
    mockApi({ ...signedInAs(admin), 'GET /order': { query: { state: 'cancelled', limit: '50' }, body: [] } });
    renderApp('/dashboard/all-orders?state=cancelled');
    expect(await screen.findByText('No orders in this state.')).toBeInTheDocument();
    expect(screen.getByLabelText('State')).toHaveValue('cancelled');
  });

  it('the search keeps the state; Next page and First page move the cursor in the URL', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signedInAs(admin),
      'GET /order': [
        { query: { state: 'paid', limit: '50' }, body: [toShip] },
        {
          query: { state: 'paid', q: 'cara', limit: '50' },
          body: [toShip],
          headers: { link: '</api/order?state=paid&q=cara&limit=50&cursor=next1>; rel="next"' },
        },
        { query: { state: 'paid', q: 'cara', cursor: 'next1', limit: '50' }, body: [shipped] },
      ],
    });
    const { router } = renderApp('/dashboard/all-orders?state=paid');
    await rowOf('Paint Roller');
    await user.type(screen.getByLabelText('Search by customer name or e-mail'), 'cara');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('link', { name: 'Next page' }));
    await rowOf('Palette Knife');
    expect(router.state.location.search).toBe('?state=paid&q=cara&cursor=next1');
    expect(screen.queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'First page' }));
    await rowOf('Paint Roller');
    expect(router.state.location.search).toBe('?state=paid&q=cara');
  });

  it('a state the API does not know shows its message with Try again', async () => {
    const message = 'state must be one of: unpaid, paid, shipped, cancelled';
    mockApi(signedInAs(admin), {
      // Raw: the route's typed query knows no such state, which is the point of the test.
      malformed: {
        'GET /api/order?state=lost&limit=50': { status: 400, body: { code: 'invalid-input', message } },
      },
    });
    renderApp('/dashboard/all-orders?state=lost');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('a paid order links to its receipt', async () => {
    mockApi({ ...signedInAs(admin), 'GET /order': { query: { limit: '50' }, body: [notPaid, toShip] } });
    renderApp('/dashboard/all-orders');
    const link = within(await rowOf('Paint Roller')).getByRole('link', { name: /^Receipt/ });
    expect(link).toHaveAttribute('href', '/dashboard/orders/o2/receipt');
    expect(
      within(await rowOf('Flat Brush')).queryByRole('link', { name: /^Receipt/ }),
    ).not.toBeInTheDocument();
  });

  it("exports the current filter as CSV with the admin's token and saves it under the server's name", async () => {
    const user = userEvent.setup();
    const saved: { name: string; blob: Blob }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push({ name: '', blob: blob as Blob });
      return 'blob:orders';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download;
    });
    const api = mockApi({
      ...signedInAs(admin),
      'GET /order': { query: { state: 'unpaid', q: 'cara', cursor: 'c2', limit: '50' }, body: [notPaid] },
      'GET /order-export': {
        query: { state: 'unpaid', q: 'cara' },
        text: 'Order number\r\no1\r\n',
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="orders-2026-11-24.csv"',
        },
      },
    });
    renderApp('/dashboard/all-orders?state=unpaid&q=cara&cursor=c2');
    await rowOf('Flat Brush');
    await user.click(screen.getByRole('button', { name: 'Export these orders (CSV)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('orders-2026-11-24.csv');
    expect(await saved[0]!.blob.text()).toBe('Order number\r\no1\r\n');
    const exportCall = api.calls.find((call) => call.url.startsWith('/api/order-export'))!;
    expect(exportCall.headers.get('authorization')).toBe('Bearer tok');
  });

  it('a refused export says why', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signedInAs(admin),
      'GET /order': { query: { limit: '50' }, body: [notPaid] },
      'GET /order-export': { status: 403, body: { code: 'forbidden', message: 'Admins only' } },
    });
    renderApp('/dashboard/all-orders');
    await rowOf('Flat Brush');
    await user.click(screen.getByRole('button', { name: 'Export all orders (CSV)' }));
    expect(await screen.findByText('Admins only')).toBeInTheDocument();
  });
  it('an order of several tools is one row, named by its summary and linking to its page', async () => {
    const { lines: _lines, ...several } = aMultiLineOrderDetail();
    mockApi({ ...signedInAs(admin), 'GET /order': { query: { limit: '50' }, body: [several] } });
    renderApp('/dashboard/all-orders');
    const row = within(await rowOf('Angled Sash Brush and 2 more'));
    expect(row.getByRole('link', { name: 'Angled Sash Brush and 2 more' })).toHaveAttribute(
      'href',
      '/dashboard/orders/o5',
    );
    expect(row.getByText('$1,200')).toBeInTheDocument();
    expect(row.getByText('Not Paid')).toBeInTheDocument();
  });
});
