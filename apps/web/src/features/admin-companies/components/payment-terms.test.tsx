import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Company } from '@shop/shared/contracts/companies';
import type { CompanyTerms, Invoice, Statement } from '@shop/shared/contracts/invoices';
import { isoDay } from '@/lib/domain/invoice';
import { mockApi, type RouteMocks } from '@/test/fetch-mock';
import { aCompany, anInvoice, aStatement, invalidInput, someTerms } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { admin, signedInAs } from '@/test/signed-in';

const companyRoute = { params: { id: 'c1' } };

/**
 * The back office's page of Harbour Decorators with these terms and this statement; the company
 * and its statement are read again after each change, as the routes' own answers say.
 */
function companyPage({
  terms = null,
  statement = aStatement({ terms: null, invoices: [], balance: 0, creditAvailable: 0 }),
  routes = () => ({}),
}: {
  terms?: CompanyTerms | null;
  statement?: Statement;
  routes?: (state: { company: Company; statement: Statement }) => RouteMocks;
} = {}) {
  const state = { company: aCompany({ terms }), statement };
  return mockApi({
    ...signedInAs(admin),
    'GET /company/:id': { ...companyRoute, answer: () => ({ body: state.company }) },
    'GET /company/:id/member': { ...companyRoute, body: [] },
    'GET /company/:id/price': { ...companyRoute, body: [] },
    'GET /company/:id/resale-certificate': { ...companyRoute, body: [] },
    'GET /company/:id/statement': { ...companyRoute, answer: () => ({ body: state.statement }) },
    'GET /tool': { body: [] },
    ...routes(state),
  });
}

const termsSection = async () => within(await screen.findByRole('region', { name: 'Payment terms' }));

describe('payment terms in the back office (docs/behaviour.md §5.23)', () => {
  it('a company without terms says its buyers pay by card; Save sends the terms chosen, which then show', async () => {
    const user = userEvent.setup();
    const api = companyPage({
      routes: (state) => ({
        'PUT /company/:id/terms': {
          ...companyRoute,
          answer: ({ body }) => {
            const terms = {
              days: body.days as CompanyTerms['days'],
              creditLimit: body.creditLimit,
              invoiceEmail: body.invoiceEmail,
            };
            state.company = { ...state.company, terms };
            return { body: terms };
          },
        },
      }),
    });
    renderApp('/dashboard/companies/c1');
    const section = await termsSection();
    expect(section.getByText('No terms: buyers pay by card')).toBeInTheDocument();
    expect(section.queryByRole('button', { name: 'End terms' })).not.toBeInTheDocument();

    const form = within(section.getByRole('form', { name: 'Give payment terms' }));
    expect(form.getByLabelText('Terms')).toHaveDisplayValue('Net 30');
    await user.selectOptions(form.getByLabelText('Terms'), 'Net 60');
    await user.type(form.getByLabelText('Credit limit ($)'), '5000');
    await user.type(form.getByLabelText('Invoice e-mail'), 'AP@Harbour.test');
    await user.click(form.getByRole('button', { name: 'Save payment terms' }));

    await waitFor(() =>
      expect(api.calls.find((call) => call.route === 'PUT /company/:id/terms')?.body).toEqual({
        days: 60,
        creditLimit: 5000,
        invoiceEmail: 'ap@harbour.test',
      }),
    );
    expect(
      await screen.findByText(
        'Payment terms saved: Net 60 · credit limit $5,000.00 · invoices to ap@harbour.test',
      ),
    ).toBeInTheDocument();
    expect(
      await section.findByText('Net 60 · credit limit $5,000.00 · invoices to ap@harbour.test'),
    ).toBeInTheDocument();
    expect(section.getByRole('form', { name: 'Change the terms' })).toBeInTheDocument();
    expect(section.getByLabelText('Credit limit ($)')).toHaveValue(5000);
  });

  it('says what the rules refuse before sending, and shows the API’s refusal in place', async () => {
    const user = userEvent.setup();
    const api = companyPage({
      routes: () => ({
        'PUT /company/:id/terms': {
          ...companyRoute,
          status: 409,
          body: { code: 'conflict', message: 'Only an approved company can be given terms' },
        },
      }),
    });
    renderApp('/dashboard/companies/c1');
    const form = within((await termsSection()).getByRole('form', { name: 'Give payment terms' }));
    await user.type(form.getByLabelText('Credit limit ($)'), '0');
    await user.type(form.getByLabelText('Invoice e-mail'), 'not an address');
    await user.click(form.getByRole('button', { name: 'Save payment terms' }));
    expect(await form.findByText('Credit limit must be at least $0.01')).toBeInTheDocument();
    expect(form.getByLabelText('Invoice e-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((call) => call.route === 'PUT /company/:id/terms')).toBe(false);

    await user.clear(form.getByLabelText('Credit limit ($)'));
    await user.type(form.getByLabelText('Credit limit ($)'), '1000');
    await user.clear(form.getByLabelText('Invoice e-mail'));
    await user.type(form.getByLabelText('Invoice e-mail'), 'ap@harbour.test');
    await user.click(form.getByRole('button', { name: 'Save payment terms' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Only an approved company can be given terms');
  });

  it('a field the API refuses shows its message at that field', async () => {
    const user = userEvent.setup();
    companyPage({
      routes: () => ({
        'PUT /company/:id/terms': {
          ...companyRoute,
          ...invalidInput({ field: 'invoiceEmail', message: 'That address bounces' }),
        },
      }),
    });
    renderApp('/dashboard/companies/c1');
    const form = within((await termsSection()).getByRole('form', { name: 'Give payment terms' }));
    await user.type(form.getByLabelText('Credit limit ($)'), '1000');
    await user.type(form.getByLabelText('Invoice e-mail'), 'ap@harbour.test');
    await user.click(form.getByRole('button', { name: 'Save payment terms' }));
    expect(await form.findByText('That address bounces')).toBeInTheDocument();
    expect(form.getByLabelText('Invoice e-mail')).toHaveAccessibleDescription(
      'Where its invoices and payment reminders are sent. That address bounces',
    );
  });

  it('End terms asks first, then sends DELETE; the buyers pay by card again', async () => {
    const user = userEvent.setup();
    const api = companyPage({
      terms: someTerms(),
      routes: (state) => ({
        'DELETE /company/:id/terms': {
          ...companyRoute,
          answer: () => {
            state.company = { ...state.company, terms: null };
            return { body: { deletedCount: 1 } };
          },
        },
      }),
    });
    renderApp('/dashboard/companies/c1');
    const section = await termsSection();
    expect(
      await section.findByText('Net 30 · credit limit $5,000.00 · invoices to ap@harbour.test'),
    ).toBeInTheDocument();
    expect(section.getByLabelText('Invoice e-mail')).toHaveValue('ap@harbour.test');
    await user.click(section.getByRole('button', { name: 'End terms' }));
    const dialog = await screen.findByRole('dialog', { name: "End Harbour Decorators Ltd's payment terms?" });
    expect(dialog).toHaveTextContent('Invoices already issued stay owed');
    await user.click(within(dialog).getByRole('button', { name: 'End terms' }));

    expect(
      await screen.findByText("Payment terms ended: Harbour Decorators Ltd's buyers pay by card"),
    ).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/company/c1/terms');
    expect(await section.findByText('No terms: buyers pay by card')).toBeInTheDocument();
  });
});

describe('recording an invoice’s payment in the back office (docs/behaviour.md §5.23)', () => {
  const open = anInvoice();
  const paid = anInvoice({
    id: 'inv0',
    number: 'INV-2025-00420',
    total: 80,
    paid: 80,
    balance: 0,
    state: 'paid',
  });
  const statement = aStatement({ invoices: [open, paid] });

  /** Record payment on INV-2026-00001, whose dialog then opens. */
  async function openDialog(user: ReturnType<typeof userEvent.setup>) {
    const statementSection = within(await screen.findByRole('region', { name: 'Statement' }));
    await user.click(
      await statementSection.findByRole('button', { name: 'Record payment for INV-2026-00001' }),
    );
    return within(await screen.findByRole('dialog', { name: 'Record a payment for INV-2026-00001' }));
  }

  it('offers Record payment for an open invoice only; the statement shows balance and credit', async () => {
    companyPage({ terms: someTerms(), statement });
    renderApp('/dashboard/companies/c1');
    const section = within(await screen.findByRole('region', { name: 'Statement' }));
    expect(
      await section.findByRole('button', { name: 'Record payment for INV-2026-00001' }),
    ).toBeInTheDocument();
    expect(
      section.queryByRole('button', { name: 'Record payment for INV-2025-00420' }),
    ).not.toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Download PDF of INV-2025-00420' })).toBeInTheDocument();
    // Paying by card is the company admins' own, on their statement page.
    expect(section.queryByRole('button', { name: /by card/ })).not.toBeInTheDocument();
    expect(section.getByText('Balance', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$420.00');
    expect(section.getByText('Credit available', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '$4,580.00',
    );
    // The terms show once, in their own section.
    expect(section.queryByText('Terms', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('the amount starts at the balance and the day at today; Record payment sends them with the method and reference', async () => {
    const user = userEvent.setup();
    const api = companyPage({
      terms: someTerms(),
      statement,
      routes: (state) => ({
        'POST /invoice/:id/payment': {
          params: { id: 'inv1' },
          answer: ({ body }) => {
            const after: Invoice = { ...open, paid: body.amount, balance: open.total - body.amount };
            state.statement = { ...state.statement, balance: after.balance, invoices: [after, paid] };
            return { status: 201, body: after };
          },
        },
      }),
    });
    renderApp('/dashboard/companies/c1');
    const dialog = await openDialog(user);
    expect(dialog.getByText(/owes \$420\.00 of \$420\.00, due/)).toBeInTheDocument();
    expect(dialog.getByLabelText('Amount ($)')).toHaveValue(420);
    expect(dialog.getByLabelText('Method')).toHaveDisplayValue('Bank transfer');
    expect(dialog.getByLabelText('Received on')).toHaveValue(isoDay());

    await user.clear(dialog.getByLabelText('Amount ($)'));
    await user.type(dialog.getByLabelText('Amount ($)'), '100');
    await user.selectOptions(dialog.getByLabelText('Method'), 'Cheque');
    await user.type(dialog.getByLabelText('Reference (optional)'), ' CHQ 1234 ');
    await user.clear(dialog.getByLabelText('Received on'));
    await user.type(dialog.getByLabelText('Received on'), '2026-01-10');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));

    await waitFor(() =>
      expect(api.calls.find((call) => call.route === 'POST /invoice/:id/payment')?.body).toEqual({
        amount: 100,
        method: 'cheque',
        reference: 'CHQ 1234',
        receivedOn: '2026-01-10',
      }),
    );
    expect(await screen.findByText('Payment recorded: INV-2026-00001 owes $320.00')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const section = within(screen.getByRole('region', { name: 'Statement' }));
    await waitFor(() =>
      expect(section.getByText('Balance', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
        '$320.00',
      ),
    );
  });

  it('the API’s 409 shows in the dialog, which stays open; what the rules refuse is said before sending', async () => {
    const user = userEvent.setup();
    const api = companyPage({
      terms: someTerms(),
      statement,
      routes: () => ({
        'POST /invoice/:id/payment': {
          params: { id: 'inv1' },
          status: 409,
          body: { code: 'conflict', message: 'INV-2026-00001 owes $420.00: record at most that' },
        },
      }),
    });
    renderApp('/dashboard/companies/c1');
    const dialog = await openDialog(user);
    await user.clear(dialog.getByLabelText('Amount ($)'));
    await user.type(dialog.getByLabelText('Amount ($)'), '12.345');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(await dialog.findByText('Amount must be in whole cents')).toBeInTheDocument();
    expect(api.calls.some((call) => call.route === 'POST /invoice/:id/payment')).toBe(false);

    await user.clear(dialog.getByLabelText('Amount ($)'));
    await user.type(dialog.getByLabelText('Amount ($)'), '500');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'INV-2026-00001 owes $420.00: record at most that',
    );
    expect(api.calls.find((call) => call.route === 'POST /invoice/:id/payment')?.body).toEqual({
      amount: 500,
      method: 'bank-transfer',
    });
    expect(screen.getByRole('dialog', { name: 'Record a payment for INV-2026-00001' })).toBeInTheDocument();
  });
});
