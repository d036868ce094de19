import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Cart, CartLineResult } from '@shop/shared/contracts/cart';
import { mockApi } from '@/test/fetch-mock';
import { aCart, aCartLine } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { customer, emptyCart, signedInAs } from '@/test/signed-in';

/** 100 brushes at $9.00 (the rung from 100), 40 short of $8.10; 24 rollers in packs of 24. */
const brushes = aCartLine({
  toolId: 't1',
  name: 'Angled Sash Brush',
  quantity: 100,
  unitPrice: 9,
  rung: { fromQuantity: 100, unitPrice: 9 },
  nextRung: { addQuantity: 40, unitPrice: 8.1 },
  lineTotal: 900,
});
const rollers = aCartLine({
  toolId: 't2',
  name: 'Foam Roller',
  img: '/uploads/roller.webp',
  quantity: 24,
  unitPrice: 5,
  lineTotal: 120,
  minOrderQuantity: 24,
  packSize: 24,
  availableQuantity: 480,
});

/** $1,020 of tools against a $500 minimum, shipping $25 until $1,500. */
const cart = aCart({
  lines: [brushes, rollers],
  itemsTotal: 1020,
  shipping: 25,
  total: 1045,
  freeShippingOver: 1500,
  orderMinimum: { minimum: 500, shortfall: 0 },
  canCheckOut: true,
});

const line = (name: string) => screen.findByRole('article', { name });

describe('the cart page', () => {
  it('lists each line with its rung price, the next rung, its total; the totals; and Check out', async () => {
    mockApi({ ...signedInAs(customer), 'GET /cart': { body: cart } });
    renderApp('/cart');
    const brushLine = within(await line('Angled Sash Brush'));
    expect(brushLine.getByRole('link', { name: 'Angled Sash Brush' })).toHaveAttribute('href', '/tools/t1');
    expect(brushLine.getByText('SKU BR-50A')).toBeInTheDocument();
    expect(brushLine.getByText('$9.00 each')).toBeInTheDocument();
    expect(brushLine.getByText('Add 40 more to pay $8.10 each')).toBeInTheDocument();
    expect(brushLine.getByText('Line total', { exact: false }).parentElement).toHaveTextContent('$900');
    const quantity = brushLine.getByLabelText('Quantity of Angled Sash Brush');
    expect(quantity).toHaveValue(100);
    const rollerQuantity = within(await line('Foam Roller')).getByLabelText('Quantity of Foam Roller');
    expect(rollerQuantity).toHaveAttribute('step', '24');
    expect(rollerQuantity).toHaveAttribute('min', '24');

    const summary = within(screen.getByRole('region', { name: 'Order summary' }));
    const valueOf = (term: string) => summary.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(valueOf('Items')).toHaveTextContent('$1,020');
    expect(valueOf('Shipping')).toHaveTextContent('$25');
    expect(valueOf('Total')).toHaveTextContent('$1,045');
    expect(summary.getByText('Free shipping from $1,500')).toBeInTheDocument();
    // No tax yet: checkout works it out from the address (docs/behaviour.md §5.22).
    expect(summary.queryByText('Tax', { selector: 'dt' })).not.toBeInTheDocument();
    expect(
      summary.getByText('Prices exclude tax; tax is worked out from the delivery address at checkout.'),
    ).toBeInTheDocument();
    expect(summary.getByRole('link', { name: 'Check out' })).toHaveAttribute('href', '/checkout');
    // The bar counts the tools in the cart.
    expect(screen.getByRole('link', { name: 'Cart 2 tools' })).toHaveAttribute('href', '/cart');
  });

  it('says what the order minimum still wants, and holds Check out back with the reason', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /cart': {
        body: aCart({
          lines: [rollers],
          itemsTotal: 320,
          shipping: 0,
          total: 320,
          freeShippingOver: 300,
          orderMinimum: { minimum: 500, shortfall: 180 },
          canCheckOut: false,
        }),
      },
    });
    renderApp('/cart');
    const summary = within(await screen.findByRole('region', { name: 'Order summary' }));
    expect(summary.getByText('Shipping', { selector: 'dt' }).nextElementSibling).toHaveTextContent('Free');
    expect(summary.getByText('$180 more to reach the $500 minimum')).toBeInTheDocument();
    const checkOut = summary.getByRole('button', { name: 'Check out' });
    expect(checkOut).toBeDisabled();
    expect(checkOut).toHaveAccessibleDescription('$180 more to reach the $500 minimum');
  });

  it('shows a line that cannot be ordered as it stands, with the quantities that fix it', async () => {
    const user = userEvent.setup();
    const short = aCartLine({
      ...rollers,
      quantity: 96,
      lineTotal: 480,
      availableQuantity: 60,
      problem: { code: 'insufficient-stock', message: "We don't have that much stock", nearest: [48] },
    });
    const api = mockApi({
      ...signedInAs(customer),
      'GET /cart': { body: aCart({ lines: [brushes, short], canCheckOut: false }) },
      'PUT /cart/lines': {
        body: {
          cart: aCart({ lines: [brushes, { ...short, quantity: 48, problem: null }] }),
          results: [{ toolId: 't2', status: 'ok' }],
        },
      },
    });
    renderApp('/cart');
    const rollerLine = within(await line('Foam Roller'));
    const problem = rollerLine.getByRole('alert');
    expect(problem).toHaveTextContent("We don't have that much stock");
    expect(screen.getByRole('button', { name: 'Check out' })).toHaveAccessibleDescription(
      'One line cannot be ordered as it stands: fix or remove it first.',
    );
    await user.click(within(problem).getByRole('button', { name: 'Choose 48' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.route === 'PUT /cart/lines')?.body).toEqual({
        lines: [{ toolId: 't2', quantity: 48 }],
      }),
    );
    expect(await rollerLine.findByRole('status')).toHaveTextContent('Saved.');
    expect(rollerLine.getByLabelText('Quantity of Foam Roller')).toHaveValue(48);
    expect(await screen.findByRole('link', { name: 'Check out' })).toBeInTheDocument();
  });

  it('sends a changed quantity as typed; a refusal keeps it, says why and offers the nearest', async () => {
    const user = userEvent.setup();
    const refused: CartLineResult = {
      toolId: 't2',
      status: 'refused',
      code: 'not-a-pack-multiple',
      message: 'Sold in packs of 24: order 48 or 72',
      nearest: [48, 72],
    };
    const sent: number[] = [];
    mockApi({
      ...signedInAs(customer),
      'GET /cart': { body: cart },
      'PUT /cart/lines': {
        answer: ({ body }) => {
          const quantity = body.lines[0]!.quantity;
          sent.push(quantity);
          return quantity === 50
            ? { body: { cart, results: [refused] } }
            : {
                body: {
                  cart: { ...cart, lines: [brushes, { ...rollers, quantity, lineTotal: quantity * 5 }] },
                  results: [{ toolId: 't2', status: 'ok' }],
                },
              };
        },
      },
    });
    renderApp('/cart');
    const rollerLine = within(await line('Foam Roller'));
    const quantity = rollerLine.getByLabelText('Quantity of Foam Roller');
    await user.clear(quantity);
    await user.type(quantity, '50{Enter}');
    const refusal = await rollerLine.findByRole('alert');
    expect(refusal).toHaveTextContent('Sold in packs of 24: order 48 or 72 Your cart still holds 24.');
    expect(quantity).toHaveValue(50);
    expect(quantity).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(refusal).getByRole('button', { name: 'Choose 72' }));
    expect(await rollerLine.findByRole('status')).toHaveTextContent('Saved.');
    expect(quantity).toHaveValue(72);
    expect(rollerLine.getByText('Line total', { exact: false }).parentElement).toHaveTextContent('$360');
    expect(sent).toEqual([50, 72]);
  });

  it('removes a line with 0, and says so', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(customer),
      'GET /cart': { body: cart },
      'PUT /cart/lines': {
        body: {
          cart: { ...cart, lines: [brushes] } satisfies Cart,
          results: [{ toolId: 't2', status: 'ok' }],
        },
      },
    });
    renderApp('/cart');
    await user.click(within(await line('Foam Roller')).getByRole('button', { name: 'Remove Foam Roller' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Foam Roller' })).not.toBeInTheDocument(),
    );
    expect(api.calls.find((call) => call.route === 'PUT /cart/lines')?.body).toEqual({
      lines: [{ toolId: 't2', quantity: 0 }],
    });
    expect(await screen.findByText('Foam Roller removed from your cart')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your cart', level: 1 })).toHaveFocus();
  });

  it('an empty cart says so and links to the products', async () => {
    mockApi({ ...signedInAs(customer), 'GET /cart': { body: emptyCart } });
    renderApp('/cart');
    expect(await screen.findByText(/Your cart is empty/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the products' })).toHaveAttribute(
      'href',
      '/all-products',
    );
    expect(screen.getByRole('link', { name: 'Cart' })).toBeInTheDocument();
  });

  it('asks a visitor to sign in first', async () => {
    mockApi({});
    const { router } = renderApp('/cart');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
