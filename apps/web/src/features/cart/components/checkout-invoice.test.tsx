import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CompanyRole } from '@shop/shared/contracts/companies';
import { mockApi, type RouteMocks } from '@/test/fetch-mock';
import {
  aCart,
  aCartTax,
  aCompany,
  anAddress,
  anInvoice,
  anOrderDetail,
  myCompany,
  someTerms,
} from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { customer, signedInAs } from '@/test/signed-in';

/** The order checkout makes for Harbour Decorators: o9, $425 of brushes and shipping. */
const placed = anOrderDetail({ _id: 'o9', companyId: 'c1', price: 425, itemsTotal: 400, shipping: 25 });
const invoice = anInvoice({ id: 'inv9', number: 'INV-2026-00042', orderId: 'o9', total: 425, balance: 425 });

/** Cara at checkout as a member of Harbour Decorators, with these terms (none: card only). */
function checkoutRoutes({
  terms = someTerms(),
  role = 'buyer',
}: { terms?: ReturnType<typeof someTerms> | null; role?: CompanyRole } = {}) {
  return {
    ...signedInAs(customer),
    'GET /cart': { body: aCart() },
    'GET /address': { body: [anAddress()] },
    'GET /cart/tax': { query: { addressId: 'a1' }, body: aCartTax() },
    'GET /company/mine': {
      body: myCompany({ membership: { company: aCompany({ terms }), role, orderLimit: null } }),
    },
    'GET /company/:id/address': { params: { id: 'c1' }, body: [] },
  } satisfies RouteMocks;
}

async function placeOrder(user: ReturnType<typeof userEvent.setup>) {
  const button = await screen.findByRole('button', { name: 'Place order' });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
}

describe('checkout: pay by invoice (docs/behaviour.md §5.23)', () => {
  it('offers a buyer of a company with terms the card (chosen) or an invoice, with where it goes and when it is due', async () => {
    mockApi(checkoutRoutes({ terms: someTerms({ days: 60 }) }));
    renderApp('/checkout');
    const payment = await screen.findByRole('group', { name: 'Payment' });
    expect(within(payment).getByRole('radio', { name: 'Pay by card' })).toBeChecked();
    const byInvoice = within(payment).getByRole('radio', { name: 'Pay by invoice (Net 60)' });
    expect(byInvoice).not.toBeChecked();
    expect(byInvoice).toHaveAccessibleDescription(
      'Invoice e-mailed to ap@harbour.test, due 60 days after the order',
    );
  });

  it.each([
    ['a company without terms', { terms: null }],
    ['a viewer', { role: 'viewer' as const }],
  ])('offers no choice to %s: the order is paid by card, and says nothing of it', async (_, setup) => {
    const user = userEvent.setup();
    const api = mockApi({
      ...checkoutRoutes(setup),
      'POST /checkout': { status: 201, body: { insertedId: 'o9', order: placed, invoice: null } },
      'GET /order/:id': { params: { id: 'o9' }, body: placed },
      'GET /payments/config': { body: { provider: 'demo' } },
      'POST /create-payment-intent': { body: { clientSecret: 'pi_demo_9_secret_1' } },
    });
    const { router } = renderApp('/checkout');
    await screen.findByRole('button', { name: 'Place order' });
    expect(screen.queryByRole('group', { name: 'Payment' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Pay by invoice/ })).not.toBeInTheDocument();
    await placeOrder(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/payments/o9'));
    expect(api.calls.find((call) => call.route === 'POST /checkout')?.body).toEqual({ addressId: 'a1' });
  });

  it('by card, sends paymentMethod card and opens the payment page as before', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...checkoutRoutes(),
      'POST /checkout': { status: 201, body: { insertedId: 'o9', order: placed, invoice: null } },
      'GET /order/:id': { params: { id: 'o9' }, body: placed },
      'GET /payments/config': { body: { provider: 'demo' } },
      'POST /create-payment-intent': { body: { clientSecret: 'pi_demo_9_secret_1' } },
      'GET /order/:id/invoice': {
        params: { id: 'o9' },
        status: 404,
        body: { code: 'not-found', message: 'No invoice' },
      },
    });
    const { router } = renderApp('/checkout');
    await placeOrder(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/payments/o9'));
    expect(api.calls.find((call) => call.route === 'POST /checkout')?.body).toEqual({
      addressId: 'a1',
      paymentMethod: 'card',
    });
    expect(await screen.findByText('Order placed. Pay for it below.')).toBeInTheDocument();
  });

  it('by invoice, sends paymentMethod invoice and opens the placed order with its invoice, saying it was e-mailed', async () => {
    const user = userEvent.setup();
    const paid = { ...placed, paid: true, state: 'paid' as const, transactionId: invoice.number };
    const api = mockApi({
      ...checkoutRoutes(),
      'POST /checkout': { status: 201, body: { insertedId: 'o9', order: paid, invoice } },
      'GET /order/:id/timeline': { params: { id: 'o9' }, body: { order: paid, events: [] } },
      'GET /order/:id/invoice': { params: { id: 'o9' }, body: invoice },
    });
    const { router } = renderApp('/checkout');
    await user.click(await screen.findByRole('radio', { name: 'Pay by invoice (Net 30)' }));
    await placeOrder(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/orders/o9'));
    expect(api.calls.find((call) => call.route === 'POST /checkout')?.body).toEqual({
      addressId: 'a1',
      paymentMethod: 'invoice',
    });
    expect(await screen.findByText('Order placed: invoice INV-2026-00042 e-mailed')).toBeInTheDocument();
    const download = await screen.findByRole('button', { name: 'Download invoice PDF' });
    expect(download.parentElement).toHaveTextContent(
      'Invoice INV-2026-00042 · due 2026-02-01 · balance $425.00',
    );
    expect(api.calls.some((call) => call.route === 'GET /order/:id')).toBe(false);
  });

  it.each([
    [
      'credit-limit-exceeded',
      'This order would take Harbour Decorators Ltd $12.50 over its credit limit of $5,000.00',
    ],
    ['invoice-overdue', 'Harbour Decorators Ltd has an overdue invoice: pay it before ordering on terms'],
  ] as const)(
    'a %s refusal shows the API’s message; nothing is ordered and the buyer may pay by card instead',
    async (code, message) => {
      const user = userEvent.setup();
      const api = mockApi({
        ...checkoutRoutes(),
        'POST /checkout': {
          answer: ({ body }) =>
            body.paymentMethod === 'invoice'
              ? { status: 409, body: { code, message } }
              : { status: 201, body: { insertedId: 'o9', order: placed, invoice: null } },
        },
        'GET /order/:id': { params: { id: 'o9' }, body: placed },
        'GET /payments/config': { body: { provider: 'demo' } },
        'POST /create-payment-intent': { body: { clientSecret: 'pi_demo_9_secret_1' } },
      });
      const { router } = renderApp('/checkout');
      await user.click(await screen.findByRole('radio', { name: 'Pay by invoice (Net 30)' }));
      await placeOrder(user);

      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(router.state.location.pathname).toBe('/checkout');
      expect(screen.getByRole('radio', { name: 'Pay by invoice (Net 30)' })).toBeChecked();

      await user.click(screen.getByRole('radio', { name: 'Pay by card' }));
      await placeOrder(user);
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/payments/o9'));
      const bodies = api.calls.filter((call) => call.route === 'POST /checkout').map((call) => call.body);
      expect(bodies).toEqual([
        { addressId: 'a1', paymentMethod: 'invoice' },
        { addressId: 'a1', paymentMethod: 'card' },
      ]);
    },
  );
});
