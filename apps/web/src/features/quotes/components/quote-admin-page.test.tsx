import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, type RouteMocks } from '@/test/fetch-mock';
import { aQuote, aRequestedQuote } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { admin, signedInAs } from '@/test/signed-in';

const withCompany = { companyName: 'Harbour Decorators Ltd' };

/** Ada, the shop's admin, on quote q1 as it stands. */
const adminRoutes = (quote = aRequestedQuote(withCompany)) =>
  ({
    ...signedInAs(admin),
    'GET /quote/:id': { params: { id: quote.id }, body: quote },
  }) satisfies RouteMocks;

const priceOf = (toolName: string) => screen.getByLabelText(`Quoted unit price of ${toolName} ($)`);

describe('the back office’s Quotes (docs/behaviour.md §5.24)', () => {
  it('is in the admin menu after Total Orders and lists every quote, filtered by state', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(admin),
      'GET /quote': [
        {
          body: [
            aQuote({ expired: true, ...withCompany }),
            aRequestedQuote({ id: 'q2', number: 'Q-2026-00013' }),
          ],
        },
        { query: { state: 'requested' }, body: [aRequestedQuote({ id: 'q2', number: 'Q-2026-00013' })] },
      ],
    });
    renderApp('/dashboard/quotes');
    const menu = within(await screen.findByRole('navigation', { name: 'Dashboard' }));
    const entries = (await menu.findAllByRole('link')).map((link) => link.textContent);
    expect(entries.slice(3, 6)).toEqual(['Total Orders', 'Quotes', 'Make Admin']);
    expect(menu.getByRole('link', { name: 'Quotes' })).toHaveAttribute('href', '/dashboard/quotes');

    expect(await screen.findByRole('heading', { level: 2, name: 'Quotes' })).toBeInTheDocument();
    const table = within(await screen.findByRole('region', { name: 'Every quote' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        'Q-2026-00012',
        'Cara Customercara@shop.testHarbour Decorators Ltd',
        'Jan 5, 2026',
        'Expired',
        '2',
        '$554.00',
        'Dec 1, 2026',
      ],
      ['Q-2026-00013', 'Cara Customercara@shop.test', 'Jan 5, 2026', 'Waiting for our prices', '2', '—', '—'],
    ]);
    expect(table.getByRole('link', { name: 'Q-2026-00012' })).toHaveAttribute('href', '/dashboard/quotes/q1');

    await user.click(screen.getByRole('button', { name: 'Requested' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Requested' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.calls.some((call) => call.url.endsWith('/quote?state=requested'))).toBe(true);
  });

  it('prices every line, sets the last day and a message, and sends the quote: the whole body', async () => {
    const user = userEvent.setup();
    let quote = aRequestedQuote(withCompany);
    const api = mockApi({
      ...adminRoutes(),
      'GET /quote/:id': { params: { id: 'q1' }, answer: () => ({ body: quote }) },
      'PUT /quote/:id/prices': {
        params: { id: 'q1' },
        answer: () => {
          quote = aQuote({ ...withCompany, message: 'Valid for the March job' });
          return { body: quote };
        },
      },
    });
    renderApp('/dashboard/quotes/q1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Quote Q-2026-00012' })).toBeInTheDocument();
    expect(screen.getByText('Harbour Decorators Ltd')).toBeInTheDocument();
    expect(screen.getByText('For the school job in March')).toBeInTheDocument();
    // Each line starts at the price the buyer would have paid, as a suggestion; two weeks to accept.
    expect(priceOf('Angled Sash Brush')).toHaveValue(4);
    expect(priceOf('Foam Roller')).toHaveValue(5);
    const expiresOn = screen.getByLabelText('Valid until');
    expect((expiresOn as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(screen.getByText(/^Quoted total:/)).toHaveTextContent(
      'Quoted total: $640.00 before shipping and tax',
    );

    await user.clear(priceOf('Angled Sash Brush'));
    await user.type(priceOf('Angled Sash Brush'), '3.5');
    await user.clear(priceOf('Foam Roller'));
    await user.type(priceOf('Foam Roller'), '4.25');
    expect(priceOf('Foam Roller')).toHaveAccessibleDescription('Line total $204.00');
    expect(screen.getByText(/^Quoted total:/)).toHaveTextContent(
      'Quoted total: $554.00 before shipping and tax',
    );
    fireEvent.change(expiresOn, { target: { value: '2026-12-01' } });
    await user.type(screen.getByLabelText('Message to the buyer (optional)'), 'Valid for the March job');
    await user.click(screen.getByRole('button', { name: 'Send quote' }));

    expect(
      await screen.findByText('Quote Q-2026-00012 sent: Cara Customer is e-mailed its prices'),
    ).toBeInTheDocument();
    expect(api.calls.find((call) => call.route === 'PUT /quote/:id/prices')?.body).toEqual({
      lines: [
        { toolId: 't1', unitPrice: 3.5 },
        { toolId: 't2', unitPrice: 4.25 },
      ],
      expiresOn: '2026-12-01',
      message: 'Valid for the March job',
    });
    // Sent, the form starts again from what was sent.
    expect(await screen.findByRole('heading', { name: 'Price it again' })).toBeInTheDocument();
    expect(priceOf('Angled Sash Brush')).toHaveValue(3.5);
  });

  it('shows the API’s 400 above the button; the suggested prices went, without a message', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...adminRoutes(),
      'PUT /quote/:id/prices': {
        params: { id: 'q1' },
        status: 400,
        body: { code: 'invalid-input', message: 'A quote may be valid for at most 365 days' },
      },
    });
    renderApp('/dashboard/quotes/q1');
    await user.click(await screen.findByRole('button', { name: 'Send quote' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A quote may be valid for at most 365 days');
    const [call] = api.calls.filter((recorded) => recorded.route === 'PUT /quote/:id/prices');
    expect(call?.body).toMatchObject({
      lines: [
        { toolId: 't1', unitPrice: 4 },
        { toolId: 't2', unitPrice: 5 },
      ],
    });
    expect(call?.body).not.toHaveProperty('message');
  });

  it('checks each price with the contract’s rule before sending', async () => {
    const user = userEvent.setup();
    const api = mockApi(adminRoutes());
    renderApp('/dashboard/quotes/q1');
    await user.clear(await screen.findByLabelText('Quoted unit price of Foam Roller ($)'));
    await user.click(screen.getByRole('button', { name: 'Send quote' }));
    expect(await screen.findByText('Quoted price is required')).toBeInTheDocument();
    expect(priceOf('Foam Roller')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((call) => call.route === 'PUT /quote/:id/prices')).toBe(false);
  });

  it('starts a sent quote from its prices, its message and its last day', async () => {
    mockApi(adminRoutes(aQuote()));
    renderApp('/dashboard/quotes/q1');
    expect(await screen.findByRole('heading', { name: 'Price it again' })).toBeInTheDocument();
    expect(priceOf('Angled Sash Brush')).toHaveValue(3.5);
    expect(priceOf('Foam Roller')).toHaveValue(4.25);
    expect(screen.getByLabelText('Valid until')).toHaveValue('2026-12-01');
    expect(screen.getByLabelText('Message to the buyer (optional)')).toHaveValue(
      'Thanks for asking: these hold for the whole order.',
    );
  });

  it('shows an accepted quote as it is, with its order and no form', async () => {
    mockApi(
      adminRoutes(aQuote({ state: 'accepted', acceptedAt: '2026-01-07T10:00:00.000Z', orderId: 'o9' })),
    );
    renderApp('/dashboard/quotes/q1');
    expect(await screen.findByText('Accepted', { selector: '.badge' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the order' })).toHaveAttribute(
      'href',
      '/dashboard/orders/o9',
    );
    expect(screen.getByRole('region', { name: 'Tools in quote Q-2026-00012' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send quote' })).not.toBeInTheDocument();
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
  });
});
