import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, type RouteMocks } from '@/test/fetch-mock';
import { aCart, aRequestedQuote, invalidInput } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { customer, signedInAs } from '@/test/signed-in';

const requested = aRequestedQuote();

/** Cara at her cart of 100 sash brushes; the quote she asks for is q1, Q-2026-00012. */
const cartRoutes = () =>
  ({
    ...signedInAs(customer),
    'GET /cart': { body: aCart() },
    'GET /quote/:id': { params: { id: 'q1' }, body: requested },
  }) satisfies RouteMocks;

async function openRequest(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Request a quote' }));
  return within(await screen.findByRole('dialog', { name: 'Request a quote' }));
}

describe('the cart: Request a quote (docs/behaviour.md §5.24)', () => {
  it('asks for a quote with the note, opens the new quote’s page and says it will be e-mailed; the cart is left as it is', async () => {
    const user = userEvent.setup();
    const api = mockApi({ ...cartRoutes(), 'POST /quote': { status: 201, body: requested } });
    const { router } = renderApp('/cart');
    const dialog = await openRequest(user);
    expect(dialog.getByText(/We price the tool in your cart as it is now/)).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Note (optional)'), 'For the school job in March');
    await user.click(dialog.getByRole('button', { name: 'Send request' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/quotes/q1'));
    expect(
      await screen.findByText('Quote Q-2026-00012 requested: we will e-mail you when it is priced'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Quote Q-2026-00012' })).toBeInTheDocument();
    expect(api.calls.find((call) => call.route === 'POST /quote')?.body).toEqual({
      note: 'For the school job in March',
    });
    // Nothing touched the cart: asking for a quote keeps it.
    expect(api.calls.filter((call) => call.url.includes('/cart') && call.method !== 'GET')).toEqual([]);
  });

  it('leaves an empty note out', async () => {
    const user = userEvent.setup();
    const api = mockApi({ ...cartRoutes(), 'POST /quote': { status: 201, body: requested } });
    const { router } = renderApp('/cart');
    const dialog = await openRequest(user);
    await user.click(dialog.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/quotes/q1'));
    expect(api.calls.find((call) => call.route === 'POST /quote')?.body).toEqual({});
  });

  it('shows the API’s refusal in the dialog and stays on the cart', async () => {
    const user = userEvent.setup();
    mockApi({
      ...cartRoutes(),
      'POST /quote': {
        status: 409,
        body: { code: 'conflict', message: 'Your cart is empty: add the tools to quote first' },
      },
    });
    const { router } = renderApp('/cart');
    const dialog = await openRequest(user);
    await user.click(dialog.getByRole('button', { name: 'Send request' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Your cart is empty: add the tools to quote first',
    );
    expect(router.state.location.pathname).toBe('/cart');
  });

  it('shows the API’s refusal of the note at the field', async () => {
    const user = userEvent.setup();
    mockApi({
      ...cartRoutes(),
      'POST /quote': invalidInput({
        field: 'note',
        message: 'Remove the control characters from this field',
      }),
    });
    renderApp('/cart');
    const dialog = await openRequest(user);
    await user.type(dialog.getByLabelText('Note (optional)'), 'Bell');
    await user.click(dialog.getByRole('button', { name: 'Send request' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Remove the control characters from this field',
    );
    expect(dialog.getByLabelText('Note (optional)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers no quote for an empty cart', async () => {
    mockApi({ ...signedInAs(customer) });
    renderApp('/cart');
    expect(await screen.findByText(/Your cart is empty/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request a quote' })).not.toBeInTheDocument();
  });
});
