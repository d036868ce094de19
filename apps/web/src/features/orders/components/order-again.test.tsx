import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CartAdditionsResponse } from '@shop/shared/contracts/cart';
import type { OrderEvent } from '@shop/shared/contracts/orders';
import { mockApi } from '@/test/fetch-mock';
import { aCart, aCartAddition, aCartLine, aMultiLineOrderDetail, anOrder, aSavedList } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { admin, customer, signedInAs } from '@/test/signed-in';

const placed: OrderEvent = {
  kind: 'placed',
  at: '2026-01-02T10:00:00.000Z',
  actor: 'customer',
  actorEmail: null,
  carrier: null,
  trackingNumber: null,
};

/** Cara's order o5 of three tools, paid, with its PO number. */
const order = aMultiLineOrderDetail({ paid: true, transactionId: 'pi_5' });
const timeline = { params: { id: 'o5' }, body: { order, events: [placed] } };

/**
 * Ordering o5 again today: the brushes went up from $9.00 to $9.50, the rollers are as they were,
 * the trays have left the shop.
 */
const reordered: CartAdditionsResponse = {
  cart: aCart({
    lines: [
      aCartLine({ toolId: 't1', quantity: 100, unitPrice: 9.5, lineTotal: 950 }),
      aCartLine({
        toolId: 't2',
        name: 'Foam Roller',
        sku: 'RL-9',
        quantity: 48,
        unitPrice: 5,
        lineTotal: 240,
      }),
    ],
  }),
  results: [
    aCartAddition({ index: 0, quantity: 100, cartQuantity: 100, priceChange: { was: 9, now: 9.5 } }),
    aCartAddition({
      index: 1,
      sku: 'RL-9',
      toolId: 't2',
      name: 'Foam Roller',
      quantity: 48,
      cartQuantity: 48,
    }),
    aCartAddition({
      index: 2,
      sku: '007',
      toolId: 't3',
      name: 'Paint Tray',
      quantity: 10,
      status: 'refused',
      code: 'not-found',
      message: 'This tool is no longer in the shop',
      cartQuantity: null,
    }),
  ],
  addedCount: 2,
};

describe('Order again (docs/behaviour.md §5.19)', () => {
  it('on the order page: adds the lines, flags the price that changed with both prices, lists the line no longer available as skipped, and leads to the cart', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(customer),
      'GET /order/:id/timeline': timeline,
      'POST /order/:id/reorder': { params: { id: 'o5' }, body: reordered },
    });
    renderApp('/dashboard/orders/o5');
    await user.click(await screen.findByRole('button', { name: 'Order again' }));

    const heading = await screen.findByRole('heading', { name: 'Added 2 of 3 lines to your cart' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText(/One price has changed since you ordered/)).toBeInTheDocument();
    const added = within(screen.getByRole('region', { name: 'Added (2)' }));
    const brushes = added.getByText(/Angled Sash Brush/).closest('li')!;
    expect(brushes).toHaveTextContent('Price changed');
    expect(brushes).toHaveTextContent('Was $9.00 each, now $9.50 each');
    expect(added.getByText(/Foam Roller/).closest('li')).not.toHaveTextContent('Price changed');
    const skipped = within(screen.getByRole('region', { name: 'Skipped (1)' }));
    expect(skipped.getByText(/Paint Tray/).closest('li')).toHaveTextContent(
      '10: This tool is no longer in the shop',
    );
    expect(screen.getByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/cart');
    // The bar counts what the answer's cart holds.
    expect(screen.getByRole('link', { name: 'Cart 2 tools' })).toBeInTheDocument();

    const call = api.calls.find((recorded) => recorded.route === 'POST /order/:id/reorder')!;
    expect(call.headers.get('idempotency-key')).toMatch(/^[\w-]{8,100}$/);
    // Nothing is sent but the order's id: the PO number is the order's, not copied.
    expect(call.body).toBeUndefined();
  });

  it('in My Orders: each order has Order again; a retry after a failure sends the same key, and the outcome names the order', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const api = mockApi({
      ...signedInAs(customer),
      'GET /my-order': {
        query: { email: 'cara@shop.test' },
        body: [
          anOrder({ _id: 'o1', toolsName: 'Flat Brush' }),
          anOrder({ _id: 'o5', toolsId: null, toolsName: 'Angled Sash Brush and 2 more', lineCount: 3 }),
        ],
      },
      'POST /order/:id/reorder': {
        params: { id: 'o5' },
        answer: () =>
          ++attempts === 1
            ? { status: 503, body: { code: 'unavailable', message: 'The shop is busy. Please try again.' } }
            : { body: reordered },
      },
    });
    renderApp('/dashboard/my-orders');
    const again = await screen.findByRole('button', { name: 'Order again: Angled Sash Brush and 2 more' });
    expect(screen.getByRole('button', { name: 'Order again: Flat Brush' })).toBeInTheDocument();

    await user.click(again);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Angled Sash Brush and 2 more could not be ordered again: The shop is busy. Please try again.',
    );
    await user.click(again);
    expect(
      await screen.findByRole('heading', { name: 'Added 2 of 3 lines to your cart' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Ordered again: Angled Sash Brush and 2 more\./)).toHaveTextContent(
      'the PO number is not copied',
    );
    const keys = api.calls
      .filter((call) => call.route === 'POST /order/:id/reorder')
      .map((call) => call.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('heading', { name: /lines to your cart/ })).not.toBeInTheDocument();
  });

  it("is not offered to an admin reading a customer's order", async () => {
    mockApi({ ...signedInAs(admin), 'GET /order/:id/timeline': timeline });
    renderApp('/dashboard/orders/o5');
    expect(
      await screen.findByRole('heading', { name: 'Order: Angled Sash Brush and 2 more' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Order again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save as list' })).not.toBeInTheDocument();
  });
});

describe('Save as list from an order (docs/behaviour.md §5.20)', () => {
  it("saves the order's tools as a list under the name given, then links to it", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(customer),
      'GET /order/:id/timeline': timeline,
      'POST /list': { status: 201, body: aSavedList({ id: 'l7', name: 'Kitchen job' }) },
    });
    renderApp('/dashboard/orders/o5');
    await user.click(await screen.findByRole('button', { name: 'Save as list' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Save as list' }));
    const name = dialog.getByLabelText('List name');
    expect(name).toHaveValue('Order of Jan 2, 2026');
    await user.clear(name);
    await user.type(name, 'Kitchen job');
    await user.click(dialog.getByRole('button', { name: 'Save list' }));

    expect(await screen.findByText(/Saved as the list “Kitchen job”/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the list' })).toHaveAttribute(
      'href',
      '/dashboard/lists/l7',
    );
    expect(api.calls.find((call) => call.route === 'POST /list')?.body).toEqual({
      name: 'Kitchen job',
      fromOrderId: 'o5',
    });
  });
});
