import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import { mockApi } from '@/test/fetch-mock';
import { anOrder } from '@/test/fixtures';
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
    mockApi({ ...signedInAs(admin), 'GET /api/order?limit=50': { body: [notPaid, toShip, shipped] } });
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
      'GET /api/order?limit=50': () => ({ body: orders }),
      'PATCH /api/shipping-order/o2': () => {
        orders = orders.map((o) => ({ ...o, ship: true }));
        return { body: { modifiedCount: 1 } };
      },
    });
    renderApp('/dashboard/all-orders');
    await user.click(within(await rowOf('Paint Roller')).getByRole('button', { name: /^Pending/ }));

    expect(await screen.findByText(copy.shipped)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Shipped')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /^Pending/ })).not.toBeInTheDocument();
    expect(
      api.calls.filter((call) => `${call.method} ${call.url}` === 'GET /api/order?limit=50'),
    ).toHaveLength(2);
  });

  it('a 403 from the orders call signs the user out and goes home', async () => {
    mockApi({
      ...signedInAs(admin),
      'GET /api/order?limit=50': { status: 403, body: { code: 'forbidden', message: 'Admins only' } },
      'GET /api/tool': { body: [] },
      'GET /api/review': { body: [] },
    });
    const { router } = renderApp('/dashboard/all-orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});
