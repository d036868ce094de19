import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/fetch-mock';
import { anOrder } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { customer, signedInAs } from '@/test/signed-in';

describe("a customer's dashboard (docs/behaviour.md §5.8)", () => {
  it('lists the open orders, unpaid and waiting to ship, each linking to its page', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /my-order': {
        query: { email: customer.email },
        body: [
          anOrder({ _id: 'o3', toolsName: 'Paint Roller', quantity: 40, price: 105, paid: false }),
          anOrder({ _id: 'o2', toolsName: 'Flat Wall Brush', quantity: 1200, price: 6025, paid: true }),
          anOrder({ _id: 'o1', toolsName: 'Masking Tape', paid: true, ship: true }),
        ],
      },
    });
    renderApp('/dashboard');
    const list = await screen.findByRole('list', { name: 'Open orders' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard/orders/o3',
      '/dashboard/orders/o2',
    ]);
    expect(links[0]).toHaveTextContent('Paint Roller40 units, $105Unpaid');
    expect(links[1]).toHaveTextContent('Flat Wall Brush1,200 units, $6,025Paid, to be shipped');
    expect(screen.queryByText('Masking Tape')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All my orders' })).toHaveAttribute(
      'href',
      '/dashboard/my-orders',
    );
  });

  it('says so when nothing is open', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /my-order': { query: { email: customer.email }, body: [anOrder({ paid: true, ship: true })] },
    });
    renderApp('/dashboard');
    expect(await screen.findByText('You have no open orders.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the products' })).toHaveAttribute(
      'href',
      '/all-products',
    );
  });
});
