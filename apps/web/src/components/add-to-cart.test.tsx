import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SetCartLinesBody } from '@shop/shared/contracts/cart';
import { mockApi } from '@/test/fetch-mock';
import { aCart, aCartLine, aTool } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { customer, emptyCart, signedInAs } from '@/test/signed-in';

/** Rollers sold in packs of 24, from 24 on. */
const roller = aTool({
  _id: 't2',
  name: 'Foam Roller',
  orderQuantity: 24,
  packSize: 24,
  availableQuantity: 480,
});

const form = () => screen.findByRole('form', { name: 'Add Foam Roller to your cart' });

describe('Add to cart (product and purchase pages)', () => {
  it('sends the quantity the line ends up with, the cart’s plus the added, and offers the cart', async () => {
    const user = userEvent.setup();
    const held = aCart({
      lines: [aCartLine({ toolId: 't2', name: 'Foam Roller', quantity: 24, packSize: 24 })],
    });
    const api = mockApi({
      ...signedInAs(customer),
      'GET /tool/:id': { params: { id: 't2' }, body: roller },
      'GET /cart': { body: held },
      'PUT /cart/lines': {
        answer: ({ body }) => ({
          body: {
            cart: aCart({ lines: [aCartLine({ toolId: 't2', quantity: body.lines[0]!.quantity })] }),
            results: [{ toolId: 't2', status: 'ok' }],
          },
        }),
      },
    });
    renderApp('/tools/t2');
    const adding = within(await form());
    const quantity = adding.getByLabelText('Quantity to add');
    expect(quantity).toHaveValue(24);
    expect(quantity).toHaveAttribute('step', '24');
    expect(await adding.findByText('24 in your cart now; it will then hold 48.')).toBeInTheDocument();
    await user.click(adding.getByRole('button', { name: 'Add to cart' }));

    expect(await adding.findByRole('status')).toHaveTextContent('Added: your cart holds 48.');
    expect(adding.getByRole('link', { name: 'View cart' })).toHaveAttribute('href', '/cart');
    const put = api.calls.find((call) => call.route === 'PUT /cart/lines');
    expect(put?.body).toEqual({ lines: [{ toolId: 't2', quantity: 48 }] } satisfies SetCartLinesBody);
  });

  it('shows a refusal with the nearest quantities; choosing one sets the field and is then accepted', async () => {
    const user = userEvent.setup();
    const sent: number[] = [];
    mockApi({
      ...signedInAs(customer),
      'GET /tool/:id': { params: { id: 't2' }, body: roller },
      'PUT /cart/lines': {
        answer: ({ body }) => {
          const quantity = body.lines[0]!.quantity;
          sent.push(quantity);
          return quantity % 24 === 0
            ? { body: { cart: emptyCart, results: [{ toolId: 't2', status: 'ok' }] } }
            : {
                body: {
                  cart: emptyCart,
                  results: [
                    {
                      toolId: 't2',
                      status: 'refused',
                      code: 'not-a-pack-multiple',
                      message: 'Sold in packs of 24: order 48 or 72',
                      nearest: [48, 72],
                    },
                  ],
                },
              };
        },
      },
    });
    renderApp('/tools/t2');
    const adding = within(await form());
    const quantity = adding.getByLabelText('Quantity to add');
    await user.clear(quantity);
    await user.type(quantity, '50');
    await user.click(adding.getByRole('button', { name: 'Add to cart' }));

    const refusal = await adding.findByRole('alert');
    expect(refusal).toHaveTextContent('Sold in packs of 24: order 48 or 72');
    expect(quantity).toHaveValue(50);
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(refusal).getByRole('button', { name: 'Choose 48' }));
    expect(quantity).toHaveValue(48);
    expect(quantity).toHaveFocus();

    await user.click(adding.getByRole('button', { name: 'Add to cart' }));
    expect(await adding.findByRole('status')).toHaveTextContent('Added: your cart holds 48.');
    expect(sent).toEqual([50, 48]);
  });

  it('sends a visitor to sign in first, to come back to the tool', async () => {
    const user = userEvent.setup();
    const api = mockApi({ 'GET /tool/:id': { params: { id: 't2' }, body: roller } });
    const { router } = renderApp('/tools/t2');
    await user.click(within(await form()).getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/tools/t2' } });
    expect(api.calls.some((call) => call.route === 'PUT /cart/lines')).toBe(false);
  });

  it('sits beside the purchase page’s Order form, which keeps its own quantity', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(customer),
      'GET /tool/:id': { params: { id: 't2' }, body: roller },
      'GET /order-rules': { body: { orderMinimum: null, freeShippingOver: null } },
      'GET /my-order': { query: { email: customer.email }, body: [] },
      'PUT /cart/lines': {
        body: { cart: emptyCart, results: [{ toolId: 't2', status: 'ok' }] },
      },
    });
    renderApp('/purchase/t2');
    const adding = within(await form());
    expect(screen.getByRole('heading', { name: 'Order Info' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Order' })).toBeInTheDocument();
    await user.click(adding.getByRole('button', { name: 'Add to cart' }));
    expect(await adding.findByRole('status')).toHaveTextContent('Added: your cart holds 24.');
    expect(api.calls.filter((call) => call.route === 'POST /order')).toEqual([]);
  });
});
