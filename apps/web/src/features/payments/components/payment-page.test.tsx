import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import { mockApi, type Refusal, type RouteAnswer, type RouteMocks } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { aMultiLineOrderDetail, anOrderDetail, aTaxLine, invalidInput } from '@/test/fixtures';
import { customer, signedInAs } from '@/test/signed-in';

/** Cara's unpaid order o1: 120 flat brushes at $3.50, $420 in all. */
const order = anOrderDetail();

/** The routes of a signed-in customer on the page of unpaid order o1, with the demo processor. */
function unpaidRoutes(overrides: RouteMocks = {}): RouteMocks {
  return {
    ...signedInAs(customer),
    'GET /order/:id': { params: { id: 'o1' }, body: order },
    'GET /payments/config': { body: { provider: 'demo' } },
    'POST /create-payment-intent': { body: { clientSecret: 'pi_demo_1_secret_2' } },
    ...overrides,
  };
}

async function payWith(user: ReturnType<typeof userEvent.setup>, number: string, expiry = '12 / 34') {
  const button = await screen.findByRole('button', { name: 'make the payment' });
  await waitFor(() => expect(button).toBeEnabled());
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM / YY)'), expiry);
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.click(button);
}

describe('Payment page', () => {
  it('summarises the order: customer, tool, quantity, unit price and total in dollars', async () => {
    mockApi({ ...signedInAs(customer), 'GET /order/:id': { params: { id: 'o1' }, body: order } });
    renderApp('/dashboard/payments/o1');
    expect(await screen.findByRole('heading', { name: 'Payment Method' })).toBeInTheDocument();
    await screen.findByText('Flat Brush');
    const valueOf = (term: string) =>
      screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(valueOf('Customer')).toBe(customer.displayName);
    expect(valueOf('Tool')).toBe('Flat Brush');
    expect(valueOf('Quantity')).toBe('120');
    expect(valueOf('Price')).toBe('$3.50');
    expect(valueOf('Total')).toBe('$420');
  });

  it('an order of several tools shows its lines, items, shipping and total, and no one unit price', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /order/:id': { params: { id: 'o5' }, body: aMultiLineOrderDetail() },
      'GET /payments/config': { body: { provider: 'demo' } },
      'POST /create-payment-intent': { body: { clientSecret: 'pi_demo_5_secret_1' } },
    });
    renderApp('/dashboard/payments/o5');
    const lines = await screen.findByRole('table', { name: 'Tools in this order' });
    expect(
      within(lines)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      'Angled Sash Brush SKU BR-50A100$9.00$900',
      'Foam Roller SKU RL-948$5.00$240',
      'Paint Tray SKU 00710$3.50$35',
    ]);
    const valueOf = (term: string) =>
      screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(valueOf('Tool')).toBe('Angled Sash Brush and 2 more');
    expect(valueOf('Quantity')).toBe('158');
    expect(valueOf('Items')).toBe('$1,175');
    expect(valueOf('Shipping')).toBe('$25');
    expect(valueOf('Total')).toBe('$1,200');
    expect(screen.queryByText('Price', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('shows the items and the shipping that make up the total it charges (docs/behaviour.md §5.4)', async () => {
    const shipped = anOrderDetail({
      quantity: 200,
      unitPrice: 8.1,
      itemsTotal: 1620,
      shipping: 30,
      total: 1650,
      price: 1650,
    });
    let asked: unknown;
    mockApi(
      unpaidRoutes({
        'GET /order/:id': { params: { id: 'o1' }, body: shipped },
        'POST /create-payment-intent': {
          answer: (request) => {
            asked = request.body;
            return { body: { clientSecret: 'pi_demo_1_secret_2' } };
          },
        },
      }),
    );
    renderApp('/dashboard/payments/o1');
    await screen.findByText('Flat Brush');
    const valueOf = (term: string) =>
      screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(valueOf('Price')).toBe('$8.10');
    expect(valueOf('Items')).toBe('$1,620');
    expect(valueOf('Shipping')).toBe('$30');
    expect(valueOf('Total')).toBe('$1,650');
    // Placed before tax (docs/behaviour.md §5.22): no Tax row.
    expect(screen.queryByText('Tax', { selector: 'dt' })).not.toBeInTheDocument();
    await waitFor(() => expect(asked).toEqual({ orderId: 'o1', price: 1650 }));
  });

  it('an order placed since tax shows the tax and why between shipping and the total (§5.22)', async () => {
    const taxed = anOrderDetail({
      itemsTotal: 420,
      shipping: 25,
      tax: 32.26,
      total: 477.26,
      price: 477.26,
      taxLines: [aTaxLine({ taxable: 445, amount: 32.26 })],
    });
    mockApi(unpaidRoutes({ 'GET /order/:id': { params: { id: 'o1' }, body: taxed } }));
    renderApp('/dashboard/payments/o1');
    await screen.findByText('Flat Brush');
    const valueOf = (term: string) =>
      screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(valueOf('Shipping')).toBe('$25');
    expect(valueOf('Tax')).toBe('$32.26Sales tax US-CA 7.25 %');
    expect(valueOf('Total')).toBe('$477.26');
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms.slice(-3)).toEqual(['Shipping', 'Tax', 'Total']);
  });

  it('with the demo processor, the form says plainly that nothing is charged', async () => {
    mockApi(unpaidRoutes());
    renderApp('/dashboard/payments/o1');
    const slot = await screen.findByRole('region', { name: 'Card payment' });
    expect(await within(slot).findByText(/Demo payments: nothing is charged/)).toHaveTextContent(
      '4242 4242 4242 4242',
    );
    expect(within(slot).getByLabelText('Card number')).toBeInTheDocument();
    expect(within(slot).getByLabelText('Expiry (MM / YY)')).toBeInTheDocument();
    expect(within(slot).getByLabelText('CVC')).toBeInTheDocument();
  });

  it('the button stays disabled until the client secret has arrived', async () => {
    let release = () => {};
    const secretArrives = new Promise<void>((resolve) => (release = resolve));
    const api = mockApi(
      unpaidRoutes({
        'POST /create-payment-intent': {
          answer: async () => {
            await secretArrives;
            return { body: { clientSecret: 'pi_demo_1_secret_2' } };
          },
        },
      }),
    );
    renderApp('/dashboard/payments/o1');
    const button = await screen.findByRole('button', { name: 'make the payment' });
    expect(button).toBeDisabled();
    release();
    await waitFor(() => expect(button).toBeEnabled());
    const intentCall = api.calls.find((call) => call.url === '/api/create-payment-intent');
    expect(intentCall?.body).toEqual({ orderId: 'o1', price: 420 });
  });

  it('when no client secret can be had, the button stays disabled and the reason shows', async () => {
    mockApi(
      unpaidRoutes({
        'POST /create-payment-intent': {
          status: 402,
          body: { code: 'payment-failed', message: 'Amount must be no more than $999,999.99' },
        },
      }),
    );
    renderApp('/dashboard/payments/o1');
    expect(await screen.findByRole('alert')).toHaveTextContent('Amount must be no more than $999,999.99');
    expect(screen.getByRole('button', { name: 'make the payment' })).toBeDisabled();
  });

  const providerDown: Refusal = {
    status: 503,
    body: {
      code: 'payment-provider-unavailable',
      message: 'The card processor is not answering; nothing was charged, try again',
    },
  };

  it('when the card processor is down for the intent, says so with Try again, which asks again', async () => {
    const intentAnswers: RouteAnswer<'POST /create-payment-intent'>[] = [
      providerDown,
      { body: { clientSecret: 'pi_demo_1_secret_2' } },
    ];
    const api = mockApi(
      unpaidRoutes({ 'POST /create-payment-intent': { answer: () => intentAnswers.shift()! } }),
    );
    renderApp('/dashboard/payments/o1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The card processor is not answering; nothing was charged, try again',
    );
    expect(screen.getByRole('button', { name: 'make the payment' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'make the payment' })).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.url === '/api/create-payment-intent')).toHaveLength(2);
  });

  it('when the card processor is down for the charge, says so with Try again, which sends the card again', async () => {
    const confirmAnswers: RouteAnswer<'POST /payments/demo/confirm'>[] = [
      providerDown,
      { body: { status: 'succeeded', transactionId: 'pi_demo_1' } },
    ];
    const api = mockApi(
      unpaidRoutes({
        'POST /payments/demo/confirm': { answer: () => confirmAnswers.shift()! },
        'PATCH /order/:id': { params: { id: 'o1' }, body: { modifiedCount: 1 } },
      }),
    );
    renderApp('/dashboard/payments/o1');
    const user = userEvent.setup();
    await payWith(user, '4242 4242 4242 4242');

    const form = screen.getByRole('button', { name: 'make the payment' }).closest('form')!;
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The card processor is not answering; nothing was charged, try again',
    );
    await user.click(within(form).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(copy.paymentSucceeded, { selector: 'p' })).toBeInTheDocument();
    const confirms = api.calls.filter((call) => call.url === '/api/payments/demo/confirm');
    expect(confirms).toHaveLength(2);
    expect(confirms[1]!.body).toEqual(confirms[0]!.body);
  });

  it('a declined card offers no Try again: another card is needed', async () => {
    mockApi(
      unpaidRoutes({
        'POST /payments/demo/confirm': {
          status: 402,
          body: { code: 'payment-failed', message: 'Your card was declined.' },
        },
      }),
    );
    renderApp('/dashboard/payments/o1');
    await payWith(userEvent.setup(), '4000 0000 0000 0002');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it("a declined card shows the processor's message under the form and the order stays unpaid", async () => {
    const api = mockApi(
      unpaidRoutes({
        'POST /payments/demo/confirm': {
          status: 402,
          body: { code: 'payment-failed', message: 'Your card was declined.' },
        },
      }),
    );
    renderApp('/dashboard/payments/o1');
    const user = userEvent.setup();
    await payWith(user, '4000 0000 0000 0002');

    const form = screen.getByRole('button', { name: 'make the payment' }).closest('form')!;
    expect(await within(form).findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(api.calls.find((call) => call.method === 'PATCH')).toBeUndefined();
    expect(screen.queryByText(copy.paymentSucceeded)).not.toBeInTheDocument();
    // Another card can be tried.
    expect(screen.getByRole('button', { name: 'make the payment' })).toBeEnabled();
  });

  it('sends the card with the client secret and the billing name and e-mail', async () => {
    const api = mockApi(
      unpaidRoutes({
        'POST /payments/demo/confirm': {
          status: 402,
          body: { code: 'payment-failed', message: 'Your card was declined.' },
        },
      }),
    );
    renderApp('/dashboard/payments/o1');
    await payWith(userEvent.setup(), '4242 4242 4242 4242');
    await screen.findByText('Your card was declined.');
    expect(api.calls.find((call) => call.url === '/api/payments/demo/confirm')?.body).toEqual({
      clientSecret: 'pi_demo_1_secret_2',
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 34, cvc: '123' },
      billingName: customer.displayName,
      billingEmail: customer.email,
    });
  });

  it('a card field the API refuses shows its reason at that field as well as under the form', async () => {
    let attempts = 0;
    mockApi(
      unpaidRoutes({
        'POST /payments/demo/confirm': {
          answer: () =>
            ++attempts === 1
              ? invalidInput({ field: 'card.number', message: 'Card number must be 40 characters or fewer' })
              : { status: 402, body: { code: 'payment-failed', message: 'Your card was declined.' } },
        },
      }),
    );
    renderApp('/dashboard/payments/o1');
    const user = userEvent.setup();
    await payWith(user, '4242 4242 4242 4242');

    const number = screen.getByLabelText('Card number');
    await waitFor(() => expect(number).toHaveAttribute('aria-invalid', 'true'));
    expect(number).toHaveAccessibleDescription(
      expect.stringContaining('Card number must be 40 characters or fewer'),
    );
    expect(screen.getByLabelText('CVC')).not.toHaveAttribute('aria-invalid');
    const form = number.closest('form')!;
    expect(within(form).getAllByRole('alert')).toHaveLength(2);

    // The field's message does not hold the form back: the card can be sent again.
    await user.click(screen.getByRole('button', { name: 'make the payment' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(number).not.toHaveAttribute('aria-invalid');
    expect(attempts).toBe(2);
  });

  it('an expiry that is not a date is pointed out before anything is sent', async () => {
    const api = mockApi(unpaidRoutes());
    renderApp('/dashboard/payments/o1');
    await payWith(userEvent.setup(), '4242 4242 4242 4242', '1234');
    expect(await screen.findByRole('alert')).toHaveTextContent("Your card's expiration date is incomplete.");
    expect(api.calls.find((call) => call.url === '/api/payments/demo/confirm')).toBeUndefined();
  });

  it('a successful payment shows the message and transaction id, then the order is recorded as paid', async () => {
    let isPaid = false;
    const api = mockApi(
      unpaidRoutes({
        'GET /order/:id': {
          params: { id: 'o1' },
          answer: () => ({
            body: { ...order, paid: isPaid, transactionId: isPaid ? 'pi_demo_paid' : null },
          }),
        },
        'POST /payments/demo/confirm': { body: { status: 'succeeded', transactionId: 'pi_demo_paid' } },
        'PATCH /order/:id': {
          params: { id: 'o1' },
          answer: () => {
            isPaid = true;
            return { body: { modifiedCount: 1 } };
          },
        },
      }),
    );
    renderApp('/dashboard/payments/o1');
    await payWith(userEvent.setup(), '4242 4242 4242 4242');

    const slot = screen.getByRole('region', { name: 'Card payment' });
    expect(await within(slot).findByText(copy.paymentSucceeded)).toBeInTheDocument();
    expect(within(slot).getByText('pi_demo_paid')).toBeInTheDocument();
    // The toast says it too.
    expect(screen.getAllByText(copy.paymentSucceeded)).toHaveLength(2);
    expect(within(slot).queryByRole('button', { name: 'make the payment' })).not.toBeInTheDocument();

    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
        tools: 'o1',
        transactionId: 'pi_demo_paid',
      }),
    );
    expect(await within(slot).findByText('Paid')).toBeInTheDocument();
  });

  it('if the payment cannot be recorded, it says so and offers to try again', async () => {
    let attempts = 0;
    mockApi(
      unpaidRoutes({
        'POST /payments/demo/confirm': { body: { status: 'succeeded', transactionId: 'pi_demo_paid' } },
        'PATCH /order/:id': {
          params: { id: 'o1' },
          answer: () =>
            ++attempts === 1
              ? { status: 409, body: { code: 'payment-not-verified', message: 'Try later' } }
              : { body: { modifiedCount: 1 } },
        },
      }),
    );
    renderApp('/dashboard/payments/o1');
    const user = userEvent.setup();
    await payWith(user, '4242 4242 4242 4242');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your payment went through, but we could not record it yet: Try later',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(attempts).toBe(2);
  });

  it('a paid order shows Paid and its transaction id, with no form', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /order/:id': { params: { id: 'o1' }, body: { ...order, paid: true, transactionId: 'pi_123abc' } },
    });
    renderApp('/dashboard/payments/o1');
    expect(await screen.findByText('pi_123abc')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'make the payment' })).not.toBeInTheDocument();
  });

  it('an unknown order says so, without a retry', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /order/:id': {
        params: { id: 'nope' },
        status: 404,
        body: { code: 'not-found', message: 'Order not found' },
      },
    });
    renderApp('/dashboard/payments/nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not find this order');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/my-orders',
    );
  });
});
