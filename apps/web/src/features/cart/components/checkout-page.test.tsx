import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/queries/query-keys';
import { mockApi, type RouteMocks } from '@/test/fetch-mock';
import {
  aCart,
  aCartLine,
  aCartTax,
  aCompany,
  anAddress,
  anOrderDetail,
  aTaxLine,
  myCompany,
} from '@/test/fixtures';
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

/** The cart shipped to California: 7.25 % of $665 (items and shipping), $48.21. */
const californiaTax = aCartTax({
  lines: [aTaxLine({ taxable: 665, amount: 48.21 })],
  tax: 48.21,
  total: 713.21,
});

/** GET /cart/tax answered for each of these addresses with the same tax. */
const taxFor = (...addressIds: string[]) =>
  addressIds.map((addressId) => ({ query: { addressId }, body: californiaTax }));

/** The payment page the buyer lands on afterwards. */
const paymentPage: RouteMocks = {
  'GET /order/:id': { params: { id: 'o9' }, body: placed },
  'GET /payments/config': { body: { provider: 'demo' } },
  'POST /create-payment-intent': { body: { clientSecret: 'pi_demo_9_secret_1' } },
};

/** Place order, once the chosen address's tax is worked out (the button waits for it). */
async function placeOrderOnceTaxIsKnown(user: ReturnType<typeof userEvent.setup>) {
  const button = await screen.findByRole('button', { name: 'Place order' });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
}

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
      'GET /cart/tax': taxFor('a1', 'ca1'),
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
        body: {
          insertedId: 'o9',
          order: { ...placed, companyId: 'c1', approvalState: 'awaiting' },
          invoice: null,
        },
      },
      'GET /order/:id/timeline': {
        params: { id: 'o9' },
        body: { order: { ...placed, approvalState: 'awaiting' }, events: [] },
      },
    });
    renderApp('/checkout');
    const shared = await screen.findByRole('radio', { name: /Shared by Harbour Decorators Ltd/ });
    await user.click(shared);
    await placeOrderOnceTaxIsKnown(user);
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
      'GET /cart/tax': taxFor('a1'),
      'POST /checkout': {
        answer: () => {
          attempts += 1;
          // The first answer is lost on the way (the order may or may not exist): the buyer retries.
          return attempts === 1
            ? { status: 503, body: { code: 'unavailable', message: 'The shop is busy. Please try again.' } }
            : { status: 201, body: { insertedId: 'o9', order: placed, invoice: null } };
        },
      },
    });
    const { router } = renderApp('/checkout');

    const summary = within(await screen.findByRole('region', { name: 'Your order' }));
    expect(summary.getByText('Angled Sash Brush')).toBeInTheDocument();
    expect(summary.getByText('48 × $5.00')).toBeInTheDocument();
    // The tax the default address pays, and the total with it.
    expect(await summary.findByText('Sales tax US-CA 7.25 %')).toBeInTheDocument();
    expect(summary.getByText('Tax', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$48.21');
    expect(summary.getByText('Total', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$713.21');
    expect(summary.getByText(/Prices exclude tax/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Cara Customer/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Site office/ })).not.toBeChecked();

    await user.type(screen.getByLabelText('PO number (optional)'), 'PO-2291');
    await user.type(screen.getByLabelText('Note (optional)'), 'Deliver to the side gate');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('The shop is busy. Please try again.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');

    // The attempt may have changed the cart: its tax is read again before the next one.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
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
      'GET /cart/tax': taxFor('a1', 'a2'),
      'POST /checkout': { status: 201, body: { insertedId: 'o9', order: placed, invoice: null } },
    });
    const { router } = renderApp('/checkout');
    await user.click(await screen.findByRole('radio', { name: /Site office/ }));
    await placeOrderOnceTaxIsKnown(user);
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
      'GET /cart/tax': taxFor('a1'),
      'POST /address': {
        answer: () => {
          hasAddress = true;
          return { status: 201, body: home };
        },
      },
      'POST /checkout': { status: 201, body: { insertedId: 'o9', order: placed, invoice: null } },
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
    await placeOrderOnceTaxIsKnown(user);
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
      'GET /cart/tax': taxFor('a1'),
      'POST /checkout': {
        status: 409,
        body: { code: 'insufficient-stock', message, issues: [{ field: 'lines.t2', message }] },
      },
    });
    const { router } = renderApp('/checkout');
    await placeOrderOnceTaxIsKnown(user);
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

describe('checkout: the tax the address pays (docs/behaviour.md §5.22)', () => {
  const summaryOf = async () => within(await screen.findByRole('region', { name: 'Your order' }));

  it.each([
    [
      'taxed',
      aTaxLine({ taxable: 665, amount: 48.21 }),
      48.21,
      'Sales tax US-CA 7.25 %',
      '$48.21',
      '$713.21',
    ],
    [
      'exempt',
      aTaxLine({ reason: 'exempt', rate: 0, amount: 0, reference: 'SR-CA-1001' }),
      0,
      'Exempt (certificate SR-CA-1001)',
      '$0',
      '$665',
    ],
    [
      'reverse charge',
      aTaxLine({
        jurisdiction: 'DE',
        label: 'VAT',
        reason: 'reverse-charge',
        rate: 0,
        amount: 0,
        reference: 'DE123456789',
      }),
      0,
      'Reverse charge (VAT DE123456789)',
      '$0',
      '$665',
    ],
    [
      'not registered',
      aTaxLine({ jurisdiction: 'GB', label: 'Tax', reason: 'not-registered', rate: 0, amount: 0 }),
      0,
      'Not registered: no tax',
      '$0',
      '$665',
    ],
  ])(
    '%s: the Tax row says why, and the total includes it',
    async (_reason, line, tax, words, amount, total) => {
      const api = mockApi({
        ...signedInAs(customer),
        'GET /cart': { body: cart },
        'GET /address': { body: [home] },
        'GET /cart/tax': { query: { addressId: 'a1' }, body: { lines: [line], tax, total: 665 + tax } },
      });
      renderApp('/checkout');
      const summary = await summaryOf();
      expect(await summary.findByText(words)).toBeInTheDocument();
      expect(summary.getByText('Tax', { selector: 'dt' }).nextElementSibling).toHaveTextContent(amount);
      expect(summary.getByText('Total', { selector: 'dt' }).nextElementSibling).toHaveTextContent(total);
      expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
      expect(api.calls.find((call) => call.route === 'GET /cart/tax')?.url).toBe(
        '/api/cart/tax?addressId=a1',
      );
    },
  );

  it('says it is working the tax out, then reads it again for another address', async () => {
    const user = userEvent.setup();
    let answerCalifornia: () => void = () => {};
    const reverseCharge = aCartTax({
      lines: [
        aTaxLine({
          jurisdiction: 'DE',
          label: 'VAT',
          reason: 'reverse-charge',
          rate: 0,
          amount: 0,
          reference: 'DE123456789',
        }),
      ],
      tax: 0,
      total: 665,
    });
    mockApi({
      ...signedInAs(customer),
      'GET /cart': { body: cart },
      'GET /address': { body: [home, site] },
      'GET /cart/tax': [
        {
          query: { addressId: 'a1' },
          answer: () =>
            new Promise((resolve) => {
              answerCalifornia = () => resolve({ body: californiaTax });
            }),
        },
        { query: { addressId: 'a2' }, body: reverseCharge },
      ],
    });
    renderApp('/checkout');
    const summary = await summaryOf();
    expect(await summary.findByText('Working out tax…')).toBeInTheDocument();
    expect(summary.getByText('Total before tax', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '$665',
    );
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();

    answerCalifornia();
    expect(await summary.findByText('Sales tax US-CA 7.25 %')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Site office/ }));
    expect(await summary.findByText('Reverse charge (VAT DE123456789)')).toBeInTheDocument();
    expect(summary.queryByText('Sales tax US-CA 7.25 %')).not.toBeInTheDocument();
    expect(summary.getByText('Total', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$665');
  });

  it('a cart read again with other figures has its tax worked out again', async () => {
    let cartReads = 0;
    let taxReads = 0;
    const smaller = aCart({ lines: [brushes], itemsTotal: 400, shipping: 25, total: 425 });
    mockApi({
      ...signedInAs(customer),
      'GET /cart': { answer: () => ({ body: cartReads++ === 0 ? cart : smaller }) },
      'GET /address': { body: [home] },
      'GET /cart/tax': {
        query: { addressId: 'a1' },
        answer: () => ({ body: taxReads++ === 0 ? californiaTax : aCartTax() }),
      },
    });
    const { queryClient } = renderApp('/checkout');
    const summary = await summaryOf();
    await waitFor(() =>
      expect(summary.getByText('Total', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$713.21'),
    );

    // Changed elsewhere (another tab, a price): the cart is read again, and so is its tax.
    await queryClient.invalidateQueries({ queryKey: queryKeys.route('GET /cart') });
    await waitFor(() =>
      expect(summary.getByText('Total', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$455.81'),
    );
    expect(summary.getByText('Tax', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$30.81');
    expect(taxReads).toBe(2);
  });

  it("when tax cannot be worked out: the API's message in an alert, and no order placed", async () => {
    const user = userEvent.setup();
    const message =
      'Tax cannot be worked out just now, so the order cannot be placed. Please try again shortly.';
    let tries = 0;
    const api = mockApi({
      ...signedInAs(customer),
      'GET /cart': { body: cart },
      'GET /address': { body: [home] },
      'GET /cart/tax': {
        query: { addressId: 'a1' },
        answer: () =>
          tries++ === 0
            ? { status: 503, body: { code: 'tax-unavailable', message } }
            : { body: californiaTax },
      },
    });
    renderApp('/checkout');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    const placeOrder = screen.getByRole('button', { name: 'Place order' });
    expect(placeOrder).toBeDisabled();
    expect(placeOrder).toHaveAccessibleDescription(message);
    expect(screen.getByText('Total before tax')).toBeInTheDocument();
    // Asked once: the 503 is not retried behind the buyer's back.
    expect(api.calls.filter((call) => call.route === 'GET /cart/tax')).toHaveLength(1);

    await user.click(within(alert).getByRole('button', { name: 'Work out tax again' }));
    expect(await screen.findByText('Sales tax US-CA 7.25 %')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
    expect(api.calls.filter((call) => call.route === 'POST /checkout')).toHaveLength(0);
  });
});
