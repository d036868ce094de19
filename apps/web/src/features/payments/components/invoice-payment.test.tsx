import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, type RouteMocks } from '@/test/fetch-mock';
import { aCompany, anInvoice, anOrderDetail, myCompany, someTerms } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { customer, signedInAs } from '@/test/signed-in';

/** Cara's unpaid order o1 for Harbour Decorators, $420; and the invoice paying it would make. */
const unpaid = anOrderDetail({ companyId: 'c1' });
const invoice = anInvoice();
const paid = { ...unpaid, paid: true, state: 'paid' as const, transactionId: invoice.number };

const buyerWithTerms = myCompany({
  membership: { company: aCompany({ terms: someTerms() }), role: 'buyer', orderLimit: null },
});

/** The payment page of o1: the order as `order()` answers, the demo card form, Cara's company. */
function paymentRoutes(order: () => typeof unpaid, overrides: RouteMocks = {}): RouteMocks {
  return {
    ...signedInAs(customer),
    'GET /company/mine': { body: buyerWithTerms },
    'GET /order/:id': { params: { id: 'o1' }, answer: () => ({ body: order() }) },
    'GET /payments/config': { body: { provider: 'demo' } },
    'POST /create-payment-intent': { body: { clientSecret: 'pi_demo_1_secret_2' } },
    ...overrides,
  };
}

describe('paying by invoice on the payment page (docs/behaviour.md §5.23)', () => {
  it('offers Pay by invoice beside the card form; paid so, the order shows paid with its invoice', async () => {
    const user = userEvent.setup();
    let order = unpaid;
    const api = mockApi(
      paymentRoutes(() => order, {
        'GET /order/:id/invoice': { params: { id: 'o1' }, body: invoice },
        'POST /order/:id/invoice': {
          params: { id: 'o1' },
          answer: () => {
            order = paid;
            return { status: 201, body: invoice };
          },
        },
      }),
    );
    renderApp('/dashboard/payments/o1');
    const terms = within(await screen.findByRole('region', { name: "Or pay on your company's terms" }));
    expect(
      terms.getByText(/Net 30: the order is confirmed now and the invoice e-mailed to ap@harbour.test/),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Card payment' })).toBeInTheDocument();
    await user.click(terms.getByRole('button', { name: 'Pay by invoice' }));

    expect(await screen.findByText('Order paid: invoice INV-2026-00001 e-mailed')).toBeInTheDocument();
    expect(api.calls.filter((call) => call.route === 'POST /order/:id/invoice')).toHaveLength(1);
    expect(
      screen.getByText(
        /Paid by invoice INV-2026-00001, due 2026-02-01: the invoice is e-mailed to ap@harbour.test/,
      ),
    ).toBeInTheDocument();
    const card = within(screen.getByRole('region', { name: 'Card payment' }));
    expect(await card.findByText('INV-2026-00001')).toBeInTheDocument();
    expect(card.getByText('Paid')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'make the payment' })).not.toBeInTheDocument();
    const download = screen.getByRole('button', { name: 'Download invoice PDF' });
    expect(download.parentElement).toHaveTextContent(
      'Invoice INV-2026-00001 · due 2026-02-01 · balance $420.00',
    );
  });

  it('over the credit limit, the API’s message shows in place and the card form stays', async () => {
    const user = userEvent.setup();
    const message = 'This order would take Harbour Decorators Ltd $12.50 over its credit limit of $5,000.00';
    mockApi(
      paymentRoutes(() => unpaid, {
        'POST /order/:id/invoice': {
          params: { id: 'o1' },
          status: 409,
          body: { code: 'credit-limit-exceeded', message },
        },
      }),
    );
    renderApp('/dashboard/payments/o1');
    const terms = within(await screen.findByRole('region', { name: "Or pay on your company's terms" }));
    await user.click(terms.getByRole('button', { name: 'Pay by invoice' }));
    expect(await terms.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'make the payment' })).toBeInTheDocument();
  });

  it.each([
    ['the company has no terms', myCompany(), unpaid],
    ['the order is not the company’s', buyerWithTerms, anOrderDetail()],
    [
      'the order waits for approval',
      buyerWithTerms,
      anOrderDetail({ companyId: 'c1', approvalState: 'awaiting' }),
    ],
  ])('offers no invoice when %s', async (_, mine, order) => {
    mockApi(paymentRoutes(() => order, { 'GET /company/mine': { body: mine } }));
    renderApp('/dashboard/payments/o1');
    expect(await screen.findByRole('region', { name: 'Card payment' })).toBeInTheDocument();
    await screen.findByText('Flat Brush');
    expect(screen.queryByRole('button', { name: 'Pay by invoice' })).not.toBeInTheDocument();
  });
});

describe('an order’s invoice on its page (docs/behaviour.md §5.23)', () => {
  it('shows the invoice of an order paid by invoice, due date, balance and Overdue, and saves its PDF', async () => {
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
      'GET /company/mine': { body: buyerWithTerms },
      'GET /order/:id/timeline': { params: { id: 'o1' }, body: { order: paid, events: [] } },
      'GET /order/:id/invoice': {
        params: { id: 'o1' },
        body: anInvoice({ paid: 100, balance: 320, overdue: true }),
      },
      'GET /invoice/:id/pdf': {
        params: { id: 'inv1' },
        text: '%PDF-1.7 invoice',
        headers: { 'content-type': 'application/pdf' },
      },
    });
    renderApp('/dashboard/orders/o1');
    const download = await screen.findByRole('button', { name: 'Download invoice PDF' });
    expect(download.parentElement).toHaveTextContent(
      'Invoice INV-2026-00001 · due 2026-02-01 · balance $320.00Overdue',
    );
    expect(screen.getByText('Transaction Id', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'INV-2026-00001',
    );
    await user.click(download);
    await waitFor(() => expect(saved).toHaveLength(1));
    // Without a name from the API, the invoice's number names the file.
    expect(saved[0]!.name).toBe('INV-2026-00001.pdf');
  });

  it('a company order paid by card has no invoice: nothing shows', async () => {
    const api = mockApi({
      ...signedInAs(customer),
      'GET /company/mine': { body: buyerWithTerms },
      'GET /order/:id/timeline': {
        params: { id: 'o1' },
        body: { order: { ...paid, transactionId: 'pi_1' }, events: [] },
      },
      'GET /order/:id/invoice': {
        params: { id: 'o1' },
        status: 404,
        body: { code: 'not-found', message: 'This order has no invoice' },
      },
    });
    renderApp('/dashboard/orders/o1');
    expect(await screen.findByRole('heading', { name: 'Order: Flat Brush' })).toBeInTheDocument();
    await waitFor(() => expect(api.calls.some((call) => call.route === 'GET /order/:id/invoice')).toBe(true));
    expect(screen.queryByRole('button', { name: 'Download invoice PDF' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an order of no company asks for no invoice', async () => {
    const api = mockApi({
      ...signedInAs(customer),
      'GET /order/:id/timeline': {
        params: { id: 'o1' },
        body: { order: anOrderDetail({ paid: true, transactionId: 'pi_1' }), events: [] },
      },
    });
    renderApp('/dashboard/orders/o1');
    expect(await screen.findByRole('heading', { name: 'Order: Flat Brush' })).toBeInTheDocument();
    expect(api.calls.some((call) => call.route === 'GET /order/:id/invoice')).toBe(false);
  });
});
