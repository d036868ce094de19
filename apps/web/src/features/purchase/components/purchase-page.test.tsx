import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import { mockApi, type RouteMocks } from '@/test/fetch-mock';
import { aTool, invalidInput } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { customer, signedInAs } from '@/test/signed-in';

/** 500 in stock, at least 100 an order, $4 each. */
const tool = aTool();

/** After ordering, the customer lands on My Orders. */
const signedIn = () => ({
  ...signedInAs(customer),
  'GET /my-order': { query: { email: 'cara@shop.test' }, body: [] },
  'GET /order-rules': { body: { orderMinimum: null, freeShippingOver: null } },
});

async function openPurchasePage(routes: RouteMocks = {}) {
  const api = mockApi({ ...signedIn(), 'GET /tool/:id': { params: { id: 't1' }, body: tool }, ...routes });
  const view = renderApp('/purchase/t1');
  await screen.findByRole('heading', { name: tool.name, level: 1 });
  return { ...view, ...api, user: userEvent.setup() };
}

async function setQuantity(user: ReturnType<typeof userEvent.setup>, value: string) {
  const field = screen.getByLabelText('Quantity');
  await user.clear(field);
  if (value) await user.type(field, value);
}

const orderButton = () => screen.getByRole('button', { name: 'Order' });

describe('purchase page', () => {
  it('shows the tool: image, name, stock, minimum order, unit price and description', async () => {
    await openPurchasePage();
    expect(screen.getByRole('img', { name: tool.name })).toHaveAttribute('src', tool.img);
    expect(screen.getByText('Available quantity:').nextSibling).toHaveTextContent('500');
    expect(screen.getByText('Minimum order quantity:').nextSibling).toHaveTextContent('100');
    expect(screen.getByText('Unit price:').nextSibling).toHaveTextContent('$4');
    expect(screen.getByText(tool.description)).toBeInTheDocument();
  });

  it('fills name and email from the signed-in user, read-only, and starts at the minimum quantity', async () => {
    await openPurchasePage();
    expect(screen.getByLabelText('Name')).toHaveValue(customer.displayName);
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue(customer.email);
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Quantity')).toHaveValue(100);
    expect(orderButton()).toBeEnabled();
  });

  it('enables Order only from the minimum up to the stock', async () => {
    const { user } = await openPurchasePage();

    await setQuantity(user, '99');
    expect(orderButton()).toBeDisabled();
    expect(screen.getByText(copy.belowMinimumOrder)).toBeInTheDocument();
    expect(screen.getByText(copy.orderMinimumHint)).toBeInTheDocument();

    await setQuantity(user, '100');
    expect(orderButton()).toBeEnabled();
    expect(screen.queryByText(copy.orderMinimumHint)).not.toBeInTheDocument();
    expect(screen.queryByText(copy.belowMinimumOrder)).not.toBeInTheDocument();

    await setQuantity(user, '500');
    expect(orderButton()).toBeEnabled();

    await setQuantity(user, '501');
    expect(orderButton()).toBeDisabled();
    expect(screen.getByText(copy.aboveStock)).toBeInTheDocument();
    expect(screen.queryByText(copy.orderMinimumHint)).not.toBeInTheDocument();
  });

  it('asks to fill up the form when phone, address or quantity is empty, and sends nothing', async () => {
    const { user, calls } = await openPurchasePage();
    await setQuantity(user, '');
    await user.click(orderButton());
    expect(await screen.findAllByText(copy.purchaseFillForm)).toHaveLength(3);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('places the order with the right body, toasts and goes to My Orders', async () => {
    let posted: unknown;
    const { user, router } = await openPurchasePage({
      'POST /order': {
        answer: (request) => {
          posted = request.body;
          return { status: 201, body: { insertedId: 'o1' } };
        },
      },
    });
    await user.type(screen.getByLabelText('Phone'), '01711 223344');
    await user.type(screen.getByLabelText('Shipping address'), '5 Canvas Road, Leeds');
    await setQuantity(user, '120');
    // 120 x $4 = $480 of tools, plus the $25 ship price once.
    expect(screen.getByText('Order total:').nextSibling).toHaveTextContent('$505');
    await user.click(orderButton());

    expect(await screen.findByText(copy.orderSucceeded)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/my-orders'));
    expect(posted).toEqual({
      toolsId: 't1',
      toolsName: tool.name,
      name: customer.displayName,
      email: customer.email,
      phoneNumber: '01711 223344',
      address: '5 Canvas Road, Leeds',
      quantity: 120,
      price: 505,
    });
  });

  it("shows the server's message when the order is refused, and stays on the page", async () => {
    const { user, router } = await openPurchasePage({
      'POST /order': {
        status: 409,
        body: { code: 'insufficient-stock', message: 'Only 20 left in stock' },
      },
    });
    await user.type(screen.getByLabelText('Phone'), '01711 223344');
    await user.type(screen.getByLabelText('Shipping address'), '5 Canvas Road, Leeds');
    await user.click(orderButton());

    expect(await screen.findByText('Only 20 left in stock')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/purchase/t1');
    expect(orderButton()).toBeEnabled();
  });

  it("shows the API's reason for refusing a field next to it, besides the toast", async () => {
    const { user } = await openPurchasePage({
      'POST /order': invalidInput({
        field: 'address',
        message: 'Address must be 500 characters or fewer',
      }),
    });
    await user.type(screen.getByLabelText('Phone'), '01711 223344');
    await user.type(screen.getByLabelText('Shipping address'), '5 Canvas Road, Leeds');
    await user.click(orderButton());

    const address = screen.getByLabelText('Shipping address');
    await waitFor(() =>
      expect(address).toHaveAccessibleDescription('Address must be 500 characters or fewer'),
    );
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Phone')).not.toHaveAttribute('aria-invalid');
    // The toast says it too.
    expect(await screen.findAllByText('Address must be 500 characters or fewer')).toHaveLength(2);
  });

  it('says clearly when the tool does not exist, with a way back to the products', async () => {
    mockApi({
      ...signedIn(),
      'GET /tool/:id': {
        params: { id: 't1' },
        status: 404,
        body: { code: 'not-found', message: 'Tool not found' },
      },
    });
    renderApp('/purchase/t1');
    const heading = await screen.findByRole('heading', { name: 'Tool not found' });
    const section = heading.closest('section')!;
    expect(within(section).getByRole('link', { name: 'See all painting tools' })).toHaveAttribute(
      'href',
      '/all-products',
    );
  });

  describe('trade pricing (docs/behaviour.md §3.7)', () => {
    /** Packs of 10 from 20, at most 300 an order, $10 each, breaks at 100 and 200, $30 shipping. */
    const tradeTool = aTool({
      orderQuantity: 20,
      perPartsPrice: 10,
      packSize: 10,
      maxOrderQuantity: 300,
      shipPrice: 30,
      priceBreaks: [
        { fromQuantity: 100, unitPrice: 9 },
        { fromQuantity: 200, unitPrice: 8.1 },
      ],
    });

    it('shows the ladder, steps by the pack, and prices the typed quantity at its rung', async () => {
      const { user } = await openPurchasePage({ 'GET /tool/:id': { params: { id: 't1' }, body: tradeTool } });
      const ladder = screen.getByRole('table', { name: `Volume prices for ${tool.name}` });
      expect(
        within(ladder)
          .getAllByRole('row')
          .map((row) => row.textContent),
      ).toEqual(['QuantityPrice each', '20+$10.00 (your price)', '100+$9.00', '200+$8.10']);
      expect(screen.getByLabelText('Quantity')).toHaveAttribute('step', '10');
      expect(screen.getByLabelText('Quantity')).toHaveAttribute('max', '300');
      expect(screen.getByText('Sold in packs of 10.')).toBeInTheDocument();
      expect(screen.getByText('At most 300 per order.')).toBeInTheDocument();

      await setQuantity(user, '160');
      expect(screen.getByText('Your price:')).toHaveTextContent('Your price: $9.00 each');
      expect(screen.getByText('Add 40 more to pay $8.10 each')).toBeInTheDocument();
      expect(screen.getByText('Items (160):').nextSibling).toHaveTextContent('$1,440');
      expect(screen.getByText('Shipping:').nextSibling).toHaveTextContent('$30');
      expect(screen.getByText('Order total:').nextSibling).toHaveTextContent('$1,470');

      await setQuantity(user, '200');
      expect(screen.getByText('Your price:')).toHaveTextContent('Your price: $8.10 each');
      expect(screen.queryByText(/more to pay/)).not.toBeInTheDocument();
      expect(screen.getByText('Order total:').nextSibling).toHaveTextContent('$1,650');
    });

    it('explains a wrong pack multiple and a quantity over the maximum before Order is pressed', async () => {
      const { user } = await openPurchasePage({ 'GET /tool/:id': { params: { id: 't1' }, body: tradeTool } });
      await setQuantity(user, '47');
      expect(screen.getByText('Sold in packs of 10: order 40 or 50')).toBeInTheDocument();
      expect(orderButton()).toBeDisabled();
      await setQuantity(user, '310');
      expect(screen.getByText('At most 300 per order')).toBeInTheDocument();
      expect(orderButton()).toBeDisabled();
      await setQuantity(user, '50');
      expect(orderButton()).toBeEnabled();
    });

    it('explains the shop’s order minimum and holds Order until the items reach it', async () => {
      const { user } = await openPurchasePage({
        'GET /tool/:id': { params: { id: 't1' }, body: tradeTool },
        'GET /order-rules': { body: { orderMinimum: 250, freeShippingOver: null } },
      });
      expect(await screen.findByText('Orders start at $250 of tools, before shipping.')).toBeInTheDocument();
      expect(orderButton()).toBeDisabled();
      expect(screen.getByText('Orders start at $250 of tools, before shipping')).toBeInTheDocument();
      await setQuantity(user, '30');
      expect(orderButton()).toBeEnabled();
    });

    it('quotes no shipping once the items reach FREE_SHIPPING_OVER, as the server charges', async () => {
      const { user } = await openPurchasePage({
        'GET /tool/:id': { params: { id: 't1' }, body: tradeTool },
        'GET /order-rules': { body: { orderMinimum: null, freeShippingOver: 1000 } },
      });
      await setQuantity(user, '100');
      expect(screen.getByText('Shipping:').nextSibling).toHaveTextContent('$30');
      await setQuantity(user, '120');
      // 120 x $9.00 = $1,080: over $1,000, shipping is free.
      await waitFor(() => expect(screen.getByText('Shipping:').nextSibling).toHaveTextContent('$0'));
      expect(screen.getByText('Order total:').nextSibling).toHaveTextContent('$1,080');
    });
  });
});
