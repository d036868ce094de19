import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, type RouteMocks } from '@/test/fetch-mock';
import { aCart, aCartLine, aCompany, anAddress, anOrderDetail, myCompany } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { customer, signedInAs } from '@/test/signed-in';

const brushes = aCartLine({
  toolId: 't1',
  name: 'Angled Sash Brush',
  quantity: 100,
  unitPrice: 4,
  lineTotal: 400,
});
const rollers = aCartLine({ toolId: 't2', name: 'Foam Roller', quantity: 48, unitPrice: 5, lineTotal: 240 });
const cart = aCart({ lines: [brushes, rollers], itemsTotal: 640, shipping: 25, total: 665 });

const home = anAddress();
const site = anAddress({
  _id: 'a2',
  name: 'Site office',
  company: null,
  line1: '9 Scaffold Way',
  isDefault: false,
});

/** The order checkout makes: o9, of both lines. */
const placed = anOrderDetail({
  _id: 'o9',
  toolsId: null,
  toolsName: 'Angled Sash Brush and 1 more',
  quantity: 148,
  unitPrice: null,
  itemsTotal: 640,
  shipping: 25,
  total: 665,
  price: 665,
  lineCount: 2,
  lines: [
    {
      toolId: 't1',
      toolName: 'Angled Sash Brush',
      sku: 'BR-50A',
      quantity: 100,
      unitPrice: 4,
      lineTotal: 400,
    },
    { toolId: 't2', toolName: 'Foam Roller', sku: 'RL-9', quantity: 48, unitPrice: 5, lineTotal: 240 },
  ],
});

/** The payment page the buyer lands on afterwards. */
const paymentPage: RouteMocks = {
  'GET /order/:id': { params: { id: 'o9' }, body: placed },
  'GET /payments/config': { body: { provider: 'demo' } },
  'POST /create-payment-intent': { body: { clientSecret: 'pi_demo_9_secret_1' } },
};

describe('checkout', () => {
  it("offers a company member the company's shared addresses beside their own, and a buyer's order over their limit opens its page to wait for approval", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(customer),
      'GET /cart': { body: cart },
      'GET /address': { body: [home] },
      'GET /company/mine': {
        body: myCompany({ membership: { company: aCompany(), role: 'buyer', orderLimit: 100 } }),
      },
      'GET /company/:id/address': {
        params: { id: 'c1' },
        body: [
          {
            id: 'ca1',
            name: 'Harbour Yard',
            company: null,
            line1: '9 Quay Street',
            line2: null,
            city: 'Hull',
            region: null,
            postalCode: 'HU1 3AA',
            country: 'GB',
            phone: '01482 000009',
          },
        ],
      },
      'POST /checkout': {
        status: 201,
        body: { insertedId: 'o9', order: { ...placed, companyId: 'c1', approvalState: 'awaiting' } },
      },
      'GET /order/:id/timeline': {
        params: { id: 'o9' },
        body: { order: { ...placed, approvalState: 'awaiting' }, events: [] },
      },
    });
    renderApp('/checkout');
    const shared = await screen.findByRole('radio', { name: /Shared by Harbour Decorators Ltd/ });
    await user.click(shared);
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.route === 'POST /checkout')?.body).toMatchObject({
        addressId: 'ca1',
      }),
    );
    expect(await screen.findByText(/waits for your company's approval/)).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Order: Angled Sash Brush and 1 more' }),
    ).toBeInTheDocument();
  });

  it('shows the order as priced and the default address chosen; sends one key, again on a retry, then opens the payment', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const api = mockApi({
      ...signedInAs(customer),
      ...paymentPage,
      'GET /cart': { body: cart },
      'GET /address': { body: [home, site] },
      'POST /checkout': {
        answer: () => {
          attempts += 1;
          // The first answer is lost on the way (the order may or may not exist): the buyer retries.
          return attempts === 1
            ? { status: 503, body: { code: 'unavailable', message: 'The shop is busy. Please try again.' } }
            : { status: 201, body: { insertedId: 'o9', order: placed } };
        },
      },
    });
    const { router } = renderApp('/checkout');

    const summary = within(await screen.findByRole('region', { name: 'Your order' }));
    expect(summary.getByText('Angled Sash Brush')).toBeInTheDocument();
    expect(summary.getByText('48 × $5.00')).toBeInTheDocument();
    expect(summary.getByText('Total', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$665');
    expect(screen.getByRole('radio', { name: /Cara Customer/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Site office/ })).not.toBeChecked();

    await user.type(screen.getByLabelText('PO number (optional)'), 'PO-2291');
    await user.type(screen.getByLabelText('Note (optional)'), 'Deliver to the side gate');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('The shop is busy. Please try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/payments/o9'));

    const checkouts = api.calls.filter((call) => call.route === 'POST /checkout');
    expect(checkouts).toHaveLength(2);
    const [first, second] = checkouts.map((call) => call.headers.get('idempotency-key'));
    expect(first).toMatch(/^[\w-]{8,100}$/);
    expect(second).toBe(first);
    expect(checkouts[1]!.body).toEqual({
      addressId: 'a1',
      poNumber: 'PO-2291',
      note: 'Deliver to the side gate',
    });
  });

  it('ships to another address when chosen, and leaves out what was left empty', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(customer),
      ...paymentPage,
      'GET /cart': { body: cart },
      'GET /address': { body: [home, site] },
      'POST /checkout': { status: 201, body: { insertedId: 'o9', order: placed } },
    });
    const { router } = renderApp('/checkout');
    await user.click(await screen.findByRole('radio', { name: /Site office/ }));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/payments/o9'));
    expect(api.calls.find((call) => call.route === 'POST /checkout')?.body).toEqual({ addressId: 'a2' });
  });

  it('adds an address in place when the book is empty, and ships there', async () => {
    const user = userEvent.setup();
    let hasAddress = false;
    const api = mockApi({
      ...signedInAs(customer),
      ...paymentPage,
      'GET /cart': { body: cart },
      'GET /address': { answer: () => ({ body: hasAddress ? [home] : [] }) },
      'POST /address': {
        answer: () => {
          hasAddress = true;
          return { status: 201, body: home };
        },
      },
      'POST /checkout': { status: 201, body: { insertedId: 'o9', order: placed } },
    });
    const { router } = renderApp('/checkout');
    expect(await screen.findByText(/Add an address to ship this order to/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
    await user.type(screen.getByLabelText('Name'), 'Cara Customer');
    await user.type(screen.getByLabelText('Address line 1'), '1 Easel Street');
    await user.type(screen.getByLabelText('City'), 'Leeds');
    await user.type(screen.getByLabelText('Postal code'), 'LS1 4AB');
    await user.selectOptions(screen.getByLabelText('Country'), 'GB');
    await user.type(screen.getByLabelText('Phone'), '+44 113 496 0000');
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    expect(await screen.findByRole('radio', { name: /Cara Customer/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/payments/o9'));
    expect(api.calls.find((call) => call.route === 'POST /checkout')?.body).toEqual({ addressId: 'a1' });
  });

  it('a line the checkout refuses sends the buyer back to the cart, where that line says why', async () => {
    const user = userEvent.setup();
    const message = "Foam Roller: We don't have that much stock";
    mockApi({
      ...signedInAs(customer),
      'GET /cart': { body: cart },
      'GET /address': { body: [home] },
      'POST /checkout': {
        status: 409,
        body: { code: 'insufficient-stock', message, issues: [{ field: 'lines.t2', message }] },
      },
    });
    const { router } = renderApp('/checkout');
    await user.click(await screen.findByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(
      await screen.findByText(
        `We could not place your order: ${message}. Fix that line below, then check out again.`,
      ),
    );
    const rollerLine = within(await screen.findByRole('article', { name: 'Foam Roller' }));
    expect(rollerLine.getByRole('alert')).toHaveTextContent(message);
    const brushLine = within(screen.getByRole('article', { name: 'Angled Sash Brush' }));
    expect(brushLine.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a cart that cannot be checked out sends the buyer back to it', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /cart': { body: aCart({ canCheckOut: false, orderMinimum: { minimum: 500, shortfall: 100 } }) },
      'GET /address': { body: [home] },
    });
    renderApp('/checkout');
    expect(await screen.findByText('Your cart needs a change before it can be ordered.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
  });
});
