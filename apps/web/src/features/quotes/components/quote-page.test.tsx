import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CompanyRole } from '@shop/shared/contracts/companies';
import { quotePath } from '@shop/shared/order-links';
import { paths } from '@/config/paths';
import { mockApi, type RouteMocks } from '@/test/fetch-mock';
import {
  aCompany,
  anAddress,
  anInvoice,
  anOrderDetail,
  aQuote,
  aRequestedQuote,
  myCompany,
  someTerms,
} from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { customer, signedInAs } from '@/test/signed-in';

/** The order accepting q1 places: o9, $554 of tools and $25 shipping. */
const placed = anOrderDetail({ _id: 'o9', itemsTotal: 554, shipping: 25, price: 579, total: 579 });

/** Cara on her quote's page, with one address (a1), in no company unless `terms` says so. */
function quoteRoutes(
  quote = aQuote(),
  { terms, role = 'buyer' }: { terms?: ReturnType<typeof someTerms>; role?: CompanyRole } = {},
) {
  return {
    ...signedInAs(customer),
    'GET /quote/:id': { params: { id: quote.id }, body: quote },
    'GET /address': { body: [anAddress()] },
    ...(terms && {
      'GET /company/mine': {
        body: myCompany({ membership: { company: aCompany({ terms }), role, orderLimit: null } }),
      },
      'GET /company/:id/address': { params: { id: 'c1' }, body: [] },
    }),
  } satisfies RouteMocks;
}

const valueOf = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

async function accept(user: ReturnType<typeof userEvent.setup>) {
  const button = await screen.findByRole('button', { name: 'Accept quote' });
  await waitFor(() => expect(screen.getByRole('radio', { name: /1 Easel Street/ })).toBeChecked());
  await user.click(button);
}

describe('the quote page (docs/behaviour.md §5.24)', () => {
  it('is where the quote’s e-mail links to', () => {
    expect(paths.quote('q1')).toBe(quotePath('q1'));
    expect(paths.myQuotes).toBe('/dashboard/quotes');
  });

  it('shows the number, state, note, message, each line at the price then and the quoted one, the total and the last day', async () => {
    mockApi(quoteRoutes());
    renderApp('/dashboard/quotes/q1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Quote Q-2026-00012' })).toBeInTheDocument();
    expect(screen.getByText('Priced')).toBeInTheDocument();
    expect(valueOf('Your note')).toHaveTextContent('For the school job in March');
    expect(valueOf('Our message')).toHaveTextContent('Thanks for asking: these hold for the whole order.');
    expect(valueOf('Valid until')).toHaveTextContent('Dec 1, 2026');

    const lines = within(screen.getByRole('region', { name: 'Tools in quote Q-2026-00012' }));
    const headers = lines.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual([
      'Number',
      'Tool',
      'SKU',
      'Quantity',
      'Your price then',
      'Quoted price',
      'Line total',
    ]);
    const rows = lines.getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Angled Sash Brush', 'BR-50A', '100', '$4.00', '$3.50', '$350.00'],
      ['Foam Roller', 'RL-9', '48', '$5.00', '$4.25', '$204.00'],
    ]);
    expect(screen.getByText(/Quoted total:/)).toHaveTextContent(
      'Quoted total: $554.00 before shipping and tax',
    );
    expect(screen.getByRole('link', { name: 'Back to My quotes' })).toHaveAttribute(
      'href',
      '/dashboard/quotes',
    );
  });

  it('accepts it by card: the address chosen and the PO number are sent with an Idempotency-Key, and the payment page opens', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...quoteRoutes(),
      'POST /quote/:id/accept': {
        params: { id: 'q1' },
        status: 201,
        body: { insertedId: 'o9', order: placed, invoice: null },
      },
      'GET /order/:id': { params: { id: 'o9' }, body: placed },
      'GET /payments/config': { body: { provider: 'demo' } },
      'POST /create-payment-intent': { body: { clientSecret: 'pi_demo_9_secret_1' } },
    });
    const { router } = renderApp('/dashboard/quotes/q1');
    const form = within(await screen.findByRole('region', { name: 'Accept quote' }));
    await user.type(await form.findByLabelText('PO number (optional)'), 'PO-7781');
    // Paid by card only: a buyer of no company with terms is offered no choice.
    expect(form.queryByRole('group', { name: 'Payment' })).not.toBeInTheDocument();
    await accept(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/payments/o9'));
    const call = api.calls.find((recorded) => recorded.route === 'POST /quote/:id/accept');
    expect(call?.body).toEqual({ addressId: 'a1', poNumber: 'PO-7781' });
    expect(call?.headers.get('idempotency-key')).toMatch(/^[\w-]{32,36}$/);
    expect(await screen.findByText('Quote accepted. Pay for the order below.')).toBeInTheDocument();
  });

  it('accepts it by invoice on the company’s terms: the order opens with its invoice, said to be e-mailed', async () => {
    const user = userEvent.setup();
    const invoice = anInvoice({ id: 'inv9', number: 'INV-2026-00042', orderId: 'o9', total: 579 });
    const paid = { ...placed, paid: true, state: 'paid' as const, transactionId: invoice.number };
    const api = mockApi({
      ...quoteRoutes(aQuote({ companyName: 'Harbour Decorators Ltd' }), { terms: someTerms() }),
      'POST /quote/:id/accept': {
        params: { id: 'q1' },
        status: 201,
        body: { insertedId: 'o9', order: paid, invoice },
      },
      'GET /order/:id/timeline': { params: { id: 'o9' }, body: { order: paid, events: [] } },
      'GET /order/:id/invoice': { params: { id: 'o9' }, body: invoice },
    });
    const { router } = renderApp('/dashboard/quotes/q1');
    const payment = within(await screen.findByRole('group', { name: 'Payment' }));
    expect(payment.getByRole('radio', { name: 'Pay by card' })).toBeChecked();
    await user.click(payment.getByRole('radio', { name: 'Pay by invoice (Net 30)' }));
    await accept(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/orders/o9'));
    expect(api.calls.find((call) => call.route === 'POST /quote/:id/accept')?.body).toEqual({
      addressId: 'a1',
      paymentMethod: 'invoice',
    });
    expect(await screen.findByText('Quote accepted: invoice INV-2026-00042 e-mailed')).toBeInTheDocument();
  });

  it.each([
    ['conflict', 'This quote expired on 2026-12-01: ask for a new one'],
    ['conflict', 'This quote was already accepted'],
    [
      'credit-limit-exceeded',
      'This order would take Harbour Decorators Ltd $12.50 over its credit limit of $5,000.00',
    ],
  ] as const)('shows a %s refusal above the button and stays: “%s”', async (code, message) => {
    const user = userEvent.setup();
    mockApi({
      ...quoteRoutes(),
      'POST /quote/:id/accept': { params: { id: 'q1' }, status: 409, body: { code, message } },
    });
    const { router } = renderApp('/dashboard/quotes/q1');
    await accept(user);
    const form = within(screen.getByRole('region', { name: 'Accept quote' }));
    expect(await form.findByRole('alert')).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe('/dashboard/quotes/q1');
    expect(form.getByRole('button', { name: 'Accept quote' })).toBeEnabled();
  });

  it('says an expired quote can no longer be accepted and that the shop can price it again', async () => {
    mockApi(quoteRoutes(aQuote({ expired: true })));
    renderApp('/dashboard/quotes/q1');
    expect(await screen.findByText('Expired')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'This quote expired on Dec 1, 2026, so it can no longer be accepted. We can price it again',
    );
    expect(screen.queryByRole('button', { name: 'Accept quote' })).not.toBeInTheDocument();
  });

  it('says a quote not priced yet is being priced, with no prices and no Accept', async () => {
    mockApi(quoteRoutes(aRequestedQuote()));
    renderApp('/dashboard/quotes/q1');
    expect(await screen.findByText('Waiting for our prices')).toBeInTheDocument();
    expect(
      screen.getByText('We are pricing this quote: we will e-mail you when it is ready.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Not priced yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept quote' })).not.toBeInTheDocument();
  });

  it('names the order an accepted quote placed', async () => {
    mockApi(
      quoteRoutes(aQuote({ state: 'accepted', acceptedAt: '2026-01-07T10:00:00.000Z', orderId: 'o9' })),
    );
    renderApp('/dashboard/quotes/q1');
    expect(await screen.findByText(/: the order was placed at these prices/)).toHaveTextContent(
      /^Accepted on Jan 7, 2026/,
    );
    expect(screen.getByRole('link', { name: 'View the order' })).toHaveAttribute(
      'href',
      '/dashboard/orders/o9',
    );
    expect(screen.queryByRole('button', { name: 'Accept quote' })).not.toBeInTheDocument();
  });
});

describe('My quotes (docs/behaviour.md §5.24)', () => {
  it('is in the dashboard menu after My Orders and lists the quotes: number, asked, state, tools, total, last day', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signedInAs(customer),
      'GET /my-quote': {
        body: [
          aQuote({ id: 'q3', number: 'Q-2026-00014', expired: true }),
          aRequestedQuote({ id: 'q2', number: 'Q-2026-00013' }),
        ],
      },
    });
    renderApp('/dashboard');
    const menu = within(await screen.findByRole('navigation', { name: 'Dashboard' }));
    const entries = (await menu.findAllByRole('link')).map((link) => link.textContent);
    expect(entries.slice(0, 3)).toEqual(['My Profile', 'My Orders', 'My quotes']);
    await user.click(menu.getByRole('link', { name: 'My quotes' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'My quotes' })).toBeInTheDocument();
    const table = within(await screen.findByRole('region', { name: 'Your quotes' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Q-2026-00014', 'Jan 5, 2026', 'Expired', '2', '$554.00', 'Dec 1, 2026'],
      ['Q-2026-00013', 'Jan 5, 2026', 'Waiting for our prices', '2', '—', '—'],
    ]);
    expect(table.getByRole('link', { name: 'Q-2026-00014' })).toHaveAttribute('href', '/dashboard/quotes/q3');
  });

  it('says how to ask for one when there are none', async () => {
    mockApi({ ...signedInAs(customer), 'GET /my-quote': { body: [] } });
    renderApp('/dashboard/quotes');
    expect(await screen.findByText(/You have not asked for a quote yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your cart' })).toHaveAttribute('href', '/cart');
  });
});
