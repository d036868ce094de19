import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, type RouteAnswer, type RouteMocks } from '@/test/fetch-mock';
import {
  aCompany,
  aMember,
  anInvoice,
  anInvoicePayment,
  aStatement,
  myCompany,
  someTerms,
} from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { customer, signedInAs } from '@/test/signed-in';

const companyRoute = { params: { id: 'c1' } };

/** Two invoices: INV-00001 overdue with $100 paid, INV-00002 open and not yet due; one paid, one payment. */
const overdue = anInvoice({ paid: 100, balance: 320, overdue: true });
const open = anInvoice({
  id: 'inv2',
  number: 'INV-2026-00002',
  orderId: 'o2',
  issuedAt: '2026-02-10T10:00:00.000Z',
  dueOn: '2026-03-12',
  total: 1250.5,
  balance: 1250.5,
});
const settled = anInvoice({
  id: 'inv0',
  number: 'INV-2025-00420',
  orderId: 'o0',
  issuedAt: '2025-11-03T10:00:00.000Z',
  dueOn: '2025-12-03',
  total: 80,
  paid: 80,
  balance: 0,
  state: 'paid',
});
const statement = aStatement({
  balance: 1570.5,
  creditAvailable: 3429.5,
  overdueCount: 1,
  overdueBalance: 320,
  invoices: [open, overdue, settled],
  payments: [
    anInvoicePayment(),
    anInvoicePayment({
      id: 'ip0',
      invoiceNumber: 'INV-2025-00420',
      amount: 80,
      method: 'cheque',
      reference: null,
      receivedOn: '2025-12-01',
    }),
  ],
});

const phone = () =>
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: true,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) satisfies MediaQueryList,
  );

describe('the company statement (docs/behaviour.md §5.23)', () => {
  it('shows a company admin the terms, balance, credit left, what is overdue, every invoice and payment', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /company/mine': {
        body: myCompany({
          membership: { company: aCompany({ terms: someTerms() }), role: 'admin', orderLimit: null },
        }),
      },
      'GET /company/:id/statement': { ...companyRoute, body: statement },
    });
    renderApp('/dashboard/company/statement');

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Statement: Harbour Decorators Ltd' }),
    ).toBeInTheDocument();
    expect(document.title).toContain('Statement');
    const valueOf = (term: string) =>
      screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(await screen.findByText('Balance', { selector: 'dt' })).toBeInTheDocument();
    expect(valueOf('Terms')).toBe('Net 30 · credit limit $5,000.00 · invoices to ap@harbour.test');
    expect(valueOf('Balance')).toBe('$1,570.50');
    expect(valueOf('Credit available')).toBe('$3,429.50');
    expect(screen.getByRole('status')).toHaveTextContent(
      '1 invoice is overdue, owing $320.00. New orders on terms are blocked until it is paid.',
    );

    const invoices = within(screen.getByRole('region', { name: 'Invoices of Harbour Decorators Ltd' }));
    expect(invoices.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Number',
      'Invoice',
      'Issued',
      'Due',
      'Total',
      'Paid',
      'Balance',
      'State',
      'Actions',
    ]);
    const rows = invoices.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      'INV-2026-00002',
      'INV-2026-00001',
      'INV-2025-00420',
    ]);
    const cellsOf = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cellsOf(rows[0]!).slice(2, 7)).toEqual(['2026-03-12', '$1,250.50', '$0.00', '$1,250.50', 'Open']);
    expect(cellsOf(rows[1]!).slice(2, 7)).toEqual([
      '2026-02-01',
      '$420.00',
      '$100.00',
      '$320.00',
      'OpenOverdue',
    ]);
    expect(within(rows[1]!).getByText('Overdue')).toHaveClass('badge-error');
    expect(cellsOf(rows[2]!)[6]).toBe('Paid');
    expect(invoices.getByRole('button', { name: 'Download PDF of INV-2026-00001' })).toBeInTheDocument();
    // A company admin reads: the back office records payments.
    expect(screen.queryByRole('button', { name: /Record payment/ })).not.toBeInTheDocument();

    const payments = within(screen.getByRole('region', { name: 'Payments of Harbour Decorators Ltd' }));
    expect(
      payments
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['2026-01-10', 'INV-2026-00001', 'Bank transfer', 'BACS 7781', '$100.00'],
      ['2025-12-01', 'INV-2025-00420', 'Cheque', '', '$80.00'],
    ]);
  });

  it('saves an invoice’s PDF under the name the API gives it', async () => {
    const user = userEvent.setup();
    const saved: { name: string; blob: Blob }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push({ name: '', blob: blob as Blob });
      return 'blob:invoice';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1]!.name = this.download;
    });
    mockApi({
      ...signedInAs(customer),
      'GET /company/mine': { body: myCompany() },
      'GET /company/:id/statement': { ...companyRoute, body: aStatement() },
      'GET /invoice/:id/pdf': {
        params: { id: 'inv1' },
        text: '%PDF-1.7 invoice',
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="INV-2026-00001.pdf"',
        },
      },
    });
    renderApp('/dashboard/company/statement');
    await user.click(await screen.findByRole('button', { name: 'Download PDF of INV-2026-00001' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('INV-2026-00001.pdf');
    expect(await saved[0]!.blob.text()).toBe('%PDF-1.7 invoice');
  });

  it('on a phone, invoices and payments are cards, with nothing to scroll sideways', async () => {
    phone();
    mockApi({
      ...signedInAs(customer),
      'GET /company/mine': { body: myCompany() },
      'GET /company/:id/statement': { ...companyRoute, body: statement },
    });
    renderApp('/dashboard/company/statement');
    const invoices = await screen.findByRole('list', { name: 'Invoices of Harbour Decorators Ltd' });
    const [first] = within(invoices).getAllByRole('listitem');
    expect(within(first!).getByRole('heading', { name: /INV-2026-00002/ })).toBeInTheDocument();
    expect(within(first!).getByText('Balance', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '$1,250.50',
    );
    expect(
      within(first!).getByRole('button', { name: 'Download PDF of INV-2026-00002' }),
    ).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Pay INV-2026-00002 by card' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Payments of Harbour Decorators Ltd' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('without invoices or terms, says so', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /company/mine': { body: myCompany() },
      'GET /company/:id/statement': {
        ...companyRoute,
        body: aStatement({ terms: null, balance: 0, creditAvailable: 0, invoices: [], payments: [] }),
      },
    });
    renderApp('/dashboard/company/statement');
    expect(await screen.findByText('No invoices yet.')).toBeInTheDocument();
    expect(screen.getByText('No payments received yet.')).toBeInTheDocument();
    expect(screen.getByText('No terms: buyers pay by card')).toBeInTheDocument();
    expect(screen.queryByText('Credit available')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('a buyer is told only the admins read it, and nothing is asked', async () => {
    const api = mockApi({
      ...signedInAs(customer),
      'GET /company/mine': {
        body: myCompany({ membership: { company: aCompany(), role: 'buyer', orderLimit: null } }),
      },
    });
    renderApp('/dashboard/company/statement');
    expect(await screen.findByText(/Only the company's admins read its statement/)).toBeInTheDocument();
    expect(api.calls.some((call) => call.route === 'GET /company/:id/statement')).toBe(false);
  });

  it('the company page shows the terms to every member, and the statement’s link to its admins', async () => {
    const user = userEvent.setup();
    const company = aCompany({ terms: someTerms() });
    mockApi({
      ...signedInAs(customer),
      'GET /company/mine': { body: myCompany({ membership: { company, role: 'admin', orderLimit: null } }) },
      'GET /company/:id/member': { ...companyRoute, body: [aMember()] },
      'GET /company/:id/invitation': { ...companyRoute, body: [] },
      'GET /company/:id/price': { ...companyRoute, body: [] },
      'GET /company/:id/address': { ...companyRoute, body: [] },
      'GET /company/:id/resale-certificate': { ...companyRoute, body: [] },
      'GET /company/:id/statement': { ...companyRoute, body: aStatement() },
    });
    const { router } = renderApp('/dashboard/company');
    const terms = within(await screen.findByRole('region', { name: 'Payment terms' }));
    expect(
      terms.getByText(
        'Net 30 · credit limit $5,000.00 · invoices to ap@harbour.test. Buyers may pay by invoice, due 30 days after the order.',
      ),
    ).toBeInTheDocument();
    await user.click(terms.getByRole('link', { name: 'Statement: invoices, payments and balance' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/company/statement'));
    expect(await screen.findByText('Balance', { selector: 'dt' })).toBeInTheDocument();
  });

  it('a buyer reads the terms on the company page, without the statement’s link', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /company/mine': {
        body: myCompany({ membership: { company: aCompany(), role: 'buyer', orderLimit: 500 } }),
      },
      'GET /company/:id/member': { ...companyRoute, body: [aMember()] },
      'GET /company/:id/price': { ...companyRoute, body: [] },
      'GET /company/:id/address': { ...companyRoute, body: [] },
      'GET /company/:id/resale-certificate': { ...companyRoute, body: [] },
    });
    renderApp('/dashboard/company');
    const terms = within(await screen.findByRole('region', { name: 'Payment terms' }));
    expect(terms.getByText('No payment terms: orders are paid by card.')).toBeInTheDocument();
    expect(terms.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('paying an open invoice by card from the statement (docs/behaviour.md §5.23)', () => {
  /** INV-2026-00002, $1,250.50 owed, paid in full by the card. */
  const paidByCard = { ...open, paid: 1250.5, balance: 0, state: 'paid' as const };
  const cardPayment = anInvoicePayment({
    id: 'ip9',
    invoiceId: 'inv2',
    invoiceNumber: 'INV-2026-00002',
    amount: 1250.5,
    method: 'card',
    reference: 'pi_demo_9',
    receivedOn: '2026-02-20',
  });
  const intent = { clientSecret: 'pi_demo_9_secret_1', intentId: 'pi_demo_9', amount: 1250.5 };

  /** A company admin on the statement, with the demo processor; the statement paid once `isPaid()`. */
  function statementRoutes(isPaid: () => boolean, overrides: RouteMocks = {}): RouteMocks {
    return {
      ...signedInAs(customer),
      'GET /company/mine': { body: myCompany() },
      'GET /company/:id/statement': {
        ...companyRoute,
        answer: () => ({
          body: isPaid()
            ? {
                ...statement,
                balance: 320,
                creditAvailable: 4680,
                invoices: [paidByCard, overdue, settled],
                payments: [cardPayment, ...statement.payments],
              }
            : statement,
        }),
      },
      'GET /payments/config': { body: { provider: 'demo' } },
      'POST /invoice/:id/card-intent': { params: { id: 'inv2' }, body: intent },
      'POST /payments/demo/confirm': { body: { status: 'succeeded', transactionId: 'pi_demo_9' } },
      ...overrides,
    };
  }

  /** Pay by card on INV-2026-00002, then the demo's good card in its dialog. */
  async function payByCard(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('button', { name: 'Pay INV-2026-00002 by card' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Pay INV-2026-00002 by card' }));
    const button = await dialog.findByRole('button', { name: 'make the payment' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.type(dialog.getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.type(dialog.getByLabelText('Expiry (MM / YY)'), '12 / 34');
    await user.type(dialog.getByLabelText('CVC'), '123');
    await user.click(button);
    return dialog;
  }

  it('offers Pay by card for each open invoice that owes something, not for a paid or void one', async () => {
    const voided = anInvoice({ id: 'inv3', number: 'INV-2026-00003', state: 'void', paid: 0, balance: 0 });
    mockApi({
      ...signedInAs(customer),
      'GET /company/mine': { body: myCompany() },
      'GET /company/:id/statement': {
        ...companyRoute,
        body: { ...statement, invoices: [open, overdue, settled, voided] },
      },
    });
    renderApp('/dashboard/company/statement');
    const invoices = within(
      await screen.findByRole('region', { name: 'Invoices of Harbour Decorators Ltd' }),
    );
    const pay = await invoices.findByRole('button', { name: 'Pay INV-2026-00002 by card' });
    // It reads 'Pay by card'; the number is for screen readers (and in the name axe compares).
    expect(pay).not.toHaveAttribute('aria-label');
    expect(within(pay).getByText('INV-2026-00002')).toHaveClass('sr-only');
    expect(invoices.getByRole('button', { name: 'Pay INV-2026-00001 by card' })).toBeInTheDocument();
    expect(invoices.queryByRole('button', { name: 'Pay INV-2025-00420 by card' })).not.toBeInTheDocument();
    expect(invoices.queryByRole('button', { name: 'Pay INV-2026-00003 by card' })).not.toBeInTheDocument();
    // Nothing is asked of the processor until a payment is started.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the dialog shows the amount; the card pays the intent; the payment is recorded, toasted and listed', async () => {
    const user = userEvent.setup();
    let isPaid = false;
    const api = mockApi(
      statementRoutes(() => isPaid, {
        'POST /invoice/:id/card-payment': {
          params: { id: 'inv2' },
          answer: () => {
            isPaid = true;
            return { body: paidByCard };
          },
        },
      }),
    );
    renderApp('/dashboard/company/statement');
    await user.click(await screen.findByRole('button', { name: 'Pay INV-2026-00002 by card' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Pay INV-2026-00002 by card' }));
    expect(await dialog.findByText(/^Amount:/, { selector: 'p' })).toHaveTextContent(
      'Amount: $1,250.50, what INV-2026-00002 still owes of $1,250.50, due 2026-03-12.',
    );
    expect(await dialog.findByText(/Demo payments: nothing is charged/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await payByCard(user);
    expect(await screen.findByText('INV-2026-00002 paid by card')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The card was sent with the intent's secret and the signed-in admin's name and e-mail ...
    expect(api.calls.find((call) => call.route === 'POST /payments/demo/confirm')?.body).toEqual({
      clientSecret: 'pi_demo_9_secret_1',
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 34, cvc: '123' },
      billingName: customer.displayName,
      billingEmail: customer.email,
    });
    // ... then the intent it paid, for the server to check with the processor and record.
    const recorded = api.calls.filter((call) => call.route === 'POST /invoice/:id/card-payment');
    expect(recorded.map((call) => [call.url, call.body])).toEqual([
      ['/api/invoice/inv2/card-payment', { intentId: 'pi_demo_9' }],
    ]);
    expect(api.calls.filter((call) => call.route === 'POST /invoice/:id/card-intent')).not.toHaveLength(0);

    // The statement, read again: the invoice paid, its payment by card, the balance down.
    const invoices = within(screen.getByRole('region', { name: 'Invoices of Harbour Decorators Ltd' }));
    const firstRow = () => invoices.getAllByRole('row')[1]!;
    await waitFor(() => expect(within(firstRow()).getAllByRole('cell')[6]).toHaveTextContent('Paid'));
    expect(within(firstRow()).getAllByRole('cell')[0]).toHaveTextContent('INV-2026-00002');
    expect(
      within(firstRow()).queryByRole('button', { name: 'Pay INV-2026-00002 by card' }),
    ).not.toBeInTheDocument();
    expect(screen.getByText('Balance', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$320.00');
    const payments = within(screen.getByRole('region', { name: 'Payments of Harbour Decorators Ltd' }));
    expect(payments.getAllByRole('row')[1]).toHaveTextContent(
      '2026-02-20INV-2026-00002Cardpi_demo_9$1,250.50',
    );
  });

  it('if the payment cannot be recorded yet, says so with Try again, which sends the same intent', async () => {
    const user = userEvent.setup();
    let isPaid = false;
    const answers: RouteAnswer<'POST /invoice/:id/card-payment'>[] = [
      {
        status: 409,
        body: {
          code: 'payment-not-verified',
          message: 'The payment has not succeeded (its status is processing)',
        },
      },
      { body: paidByCard },
    ];
    const api = mockApi(
      statementRoutes(() => isPaid, {
        'POST /invoice/:id/card-payment': {
          params: { id: 'inv2' },
          answer: () => {
            const answer = answers.shift()!;
            isPaid = 'body' in answer && !('code' in answer.body);
            return answer;
          },
        },
      }),
    );
    renderApp('/dashboard/company/statement');
    const dialog = await payByCard(user);
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Your payment went through, but we could not record it yet: The payment has not succeeded (its status is processing)',
    );
    // The card is not asked for again.
    expect(dialog.queryByLabelText('Card number')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('INV-2026-00002 paid by card')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const recorded = api.calls.filter((call) => call.route === 'POST /invoice/:id/card-payment');
    expect(recorded.map((call) => call.body)).toEqual([{ intentId: 'pi_demo_9' }, { intentId: 'pi_demo_9' }]);
  });

  it('when the invoice no longer owes that amount, the refund is told and there is nothing to try again', async () => {
    const user = userEvent.setup();
    mockApi(
      statementRoutes(() => false, {
        'POST /invoice/:id/card-payment': {
          params: { id: 'inv2' },
          status: 409,
          body: {
            code: 'payment-refunded',
            message: 'Invoice INV-2026-00002 is already paid: your card payment was refunded',
          },
        },
      }),
    );
    renderApp('/dashboard/company/statement');
    const dialog = await payByCard(user);
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Invoice INV-2026-00002 is already paid: your card payment was refunded',
    );
    expect(dialog.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByText('INV-2026-00002 paid by card')).not.toBeInTheDocument();
  });

  it('an invoice paid meanwhile: the intent’s refusal shows and the card cannot be sent', async () => {
    const user = userEvent.setup();
    mockApi(
      statementRoutes(() => false, {
        'POST /invoice/:id/card-intent': {
          params: { id: 'inv2' },
          status: 409,
          body: { code: 'conflict', message: 'Invoice INV-2026-00002 is already paid' },
        },
      }),
    );
    renderApp('/dashboard/company/statement');
    await user.click(await screen.findByRole('button', { name: 'Pay INV-2026-00002 by card' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Pay INV-2026-00002 by card' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Invoice INV-2026-00002 is already paid');
    expect(dialog.getByRole('button', { name: 'make the payment' })).toBeDisabled();
    expect(dialog.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
