import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CartAddition, CartAdditionsResponse, QuickAddBody } from '@shop/shared/contracts/cart';
import { mockApi, type RouteMocks } from '@/test/fetch-mock';
import { aCart, aCartAddition, aCartLine } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { customer, emptyCart, signedInAs } from '@/test/signed-in';

/** The shop the pad orders from, by SKU: brushes and trays in packs of 12. */
const catalogue: Record<string, { toolId: string; name: string; pack: number }> = {
  'BR-25': { toolId: 't1', name: 'Wall Brush', pack: 12 },
  'RL-9': { toolId: 't2', name: 'Foam Roller', pack: 1 },
  'TR-3': { toolId: 't3', name: 'Paint Tray', pack: 12 },
  '007': { toolId: 't4', name: 'Spy Knife', pack: 1 },
};

type Rows = QuickAddBody['rows'];

/** What the API would answer of the rows, with an empty cart: the rules of the catalogue above. */
function answerTo(rows: Rows): CartAdditionsResponse {
  const results = rows.map(({ sku, quantity }, index): CartAddition => {
    const tool = catalogue[sku];
    const row = { index, sku, quantity, nearest: [] };
    if (!tool) {
      return aCartAddition({
        ...row,
        toolId: null,
        name: null,
        status: 'refused',
        code: 'unknown-sku',
        message: `No tool has the SKU ${sku}`,
        cartQuantity: null,
      });
    }
    const named = { ...row, toolId: tool.toolId, name: tool.name };
    if (quantity % tool.pack !== 0) {
      const below = Math.floor(quantity / tool.pack) * tool.pack;
      const nearest = [below, below + tool.pack];
      return aCartAddition({
        ...named,
        status: 'refused',
        code: 'not-a-pack-multiple',
        message: `Sold in packs of ${tool.pack}: order ${nearest.join(' or ')} instead`,
        nearest,
        cartQuantity: 0,
      });
    }
    return aCartAddition({ ...named, cartQuantity: quantity });
  });
  const added = results.filter((result) => result.status !== 'refused');
  return {
    cart: added.length === 0 ? emptyCart : aCart({ lines: added.map(cartLineOf) }),
    results,
    addedCount: added.length,
  };
}

const cartLineOf = (result: CartAddition) =>
  aCartLine({ toolId: result.toolId!, name: result.name!, sku: result.sku!, quantity: result.quantity });

/** The pad, the checks answered by the catalogue's rules; the page's own routes after them. */
function openPad(routes: RouteMocks = {}) {
  const api = mockApi({
    ...signedInAs(customer),
    'POST /cart/quick-add/check': { answer: ({ body }) => ({ body: answerTo(body.rows) }) },
    ...routes,
  });
  renderApp('/quick-order');
  const checks = () => api.calls.filter((call) => call.route === 'POST /cart/quick-add/check');
  return { api, checks };
}

const pad = () => screen.findByLabelText('SKUs and quantities');
const rowsAsChecked = async () => within(await screen.findByRole('list', { name: 'Rows as checked' }));
const lineItem = async (line: number) =>
  (await rowsAsChecked()).getByText(new RegExp(`^Line ${line}:`)).closest('li')!;

async function paste(text: string) {
  const user = userEvent.setup();
  await user.click(await pad());
  await user.paste(text);
  await user.click(screen.getByRole('button', { name: 'Check rows' }));
  return user;
}

describe('the quick-order pad (docs/behaviour.md §5.19)', () => {
  it('checks five pasted lines and shows every row: valid with what the cart would hold, an unknown SKU, a wrong pack size with the nearest quantities', async () => {
    const { checks } = openPad();
    await paste('BR-25 48\nRL-9 60\nXX-1 5\nTR-3 50\n007 3');

    expect(await screen.findByText('5 rows checked: 3 valid, 2 refused.')).toBeInTheDocument();
    // The SKU is sent as text: '007' is not 7.
    expect(checks()[0]!.body).toEqual({
      rows: [
        { sku: 'BR-25', quantity: 48 },
        { sku: 'RL-9', quantity: 60 },
        { sku: 'XX-1', quantity: 5 },
        { sku: 'TR-3', quantity: 50 },
        { sku: '007', quantity: 3 },
      ],
    });
    const first = within(await lineItem(1));
    expect(first.getByText('Line 1: Wall Brush,', { exact: false })).toHaveTextContent('SKU BR-25');
    expect(first.getByText('Valid')).toBeInTheDocument();
    expect(first.getByText('Quantity 48. Your cart would then hold 48.')).toBeInTheDocument();
    const unknown = within(await lineItem(3));
    expect(unknown.getByText('Refused')).toBeInTheDocument();
    expect(unknown.getByText(/No tool has the SKU XX-1/)).toBeInTheDocument();
    const tray = within(await lineItem(4));
    expect(tray.getByText(/Sold in packs of 12: order 48 or 60 instead/)).toBeInTheDocument();
    expect(tray.getByRole('button', { name: 'Choose 48 for line 4' })).toBeInTheDocument();
    expect(tray.getByRole('button', { name: 'Choose 60 for line 4' })).toBeInTheDocument();
    expect(within(await lineItem(5)).getByText(/Spy Knife/)).toHaveTextContent('SKU 007');
    expect(screen.getByRole('button', { name: 'Add the 3 valid rows to the cart' })).toBeEnabled();
  });

  it("choosing a nearest quantity fixes that row's line in the pad and checks again", async () => {
    const { checks } = openPad();
    const user = await paste('BR-25 48\nRL-9 60\nXX-1 5\nTR-3 50\n007 3');
    await user.click(await screen.findByRole('button', { name: 'Choose 48 for line 4' }));

    expect(await screen.findByText('5 rows checked: 4 valid, 1 refused.')).toBeInTheDocument();
    expect(await pad()).toHaveValue('BR-25 48\nRL-9 60\nXX-1 5\nTR-3 48\n007 3');
    expect(checks()).toHaveLength(2);
    expect((checks()[1]!.body as QuickAddBody).rows[3]).toEqual({ sku: 'TR-3', quantity: 48 });
    expect(within(await lineItem(4)).getByText('Valid')).toBeInTheDocument();
    // Focus stays with the row just fixed.
    await waitFor(() => expect(document.activeElement).toBe(document.getElementById('quick-order-line-4')));
    expect(screen.getByRole('button', { name: 'Add the 4 valid rows to the cart' })).toBeEnabled();
  });

  it('a SKU on two rows is one line: a nearest quantity chosen on its first row counts the other', async () => {
    const sumOf = (rows: Rows) => rows.reduce((total, row) => total + row.quantity, 0);
    openPad({
      'POST /cart/quick-add/check': {
        answer: ({ body }) => {
          const sum = sumOf(body.rows);
          const isValid = sum % 12 === 0;
          const first = aCartAddition({
            index: 0,
            sku: 'BR-25',
            name: 'Wall Brush',
            quantity: sum,
            cartQuantity: isValid ? sum : 0,
            ...(!isValid && {
              status: 'refused' as const,
              code: 'not-a-pack-multiple',
              message: 'Sold in packs of 12: order 48 or 60 instead',
              nearest: [48, 60],
            }),
          });
          const second = aCartAddition({
            index: 1,
            sku: 'BR-25',
            name: 'Wall Brush',
            quantity: body.rows[1]!.quantity,
            status: isValid ? 'merged' : 'refused',
            code: isValid ? null : 'merged',
            message: `Merged with the earlier BR-25 row: ${sum} in all${isValid ? '' : ', refused with it'}`,
            mergedInto: 0,
            cartQuantity: first.cartQuantity,
          });
          return { body: { cart: emptyCart, results: [first, second], addedCount: isValid ? 2 : 0 } };
        },
      },
    });
    const user = await paste('BR-25 24\nBR-25 26');
    const line = within(await lineItem(1));
    expect(line.getByText('For this line, counting the 26 its other rows ask for:')).toBeInTheDocument();
    await user.click(line.getByRole('button', { name: 'Choose 22 for line 1' }));
    expect(await screen.findByText('2 rows checked: 2 valid, 0 refused.')).toBeInTheDocument();
    expect(await pad()).toHaveValue('BR-25 22\nBR-25 26');
    expect(within(await lineItem(2)).getByText('Merged')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add the 2 valid rows to the cart' })).toBeEnabled();
  });

  it('adds only the valid rows, with one Idempotency-Key sent again on a retry, shows what the API answered and leaves the rest in the pad', async () => {
    let attempts = 0;
    const { api } = openPad({
      'POST /cart/quick-add': {
        answer: ({ body }) => {
          attempts += 1;
          if (attempts === 1) {
            return {
              status: 503,
              body: { code: 'unavailable', message: 'The shop is busy. Please try again.' },
            };
          }
          // Something changed since the check: the rollers are refused now.
          const answer = answerTo(body.rows);
          answer.results[1] = aCartAddition({
            index: 1,
            sku: 'RL-9',
            toolId: 't2',
            name: 'Foam Roller',
            quantity: 60,
            status: 'refused',
            code: 'insufficient-stock',
            message: 'Only 40 in stock: order 40 instead',
            nearest: [40],
            cartQuantity: 0,
          });
          answer.addedCount = 2;
          answer.cart = aCart({ lines: [answer.results[0]!, answer.results[2]!].map(cartLineOf) });
          return { body: answer };
        },
      },
    });
    const user = await paste('BR-25 48\nRL-9 60\nXX-1 5\nTR-3 50\n007 3');
    const add = await screen.findByRole('button', { name: 'Add the 3 valid rows to the cart' });

    // While the pad says something other than what was checked, nothing can be added.
    await user.type(await pad(), '\nBR-25 12');
    expect(add).toBeDisabled();
    expect(screen.getByText(/press Check rows again before adding them/)).toBeInTheDocument();
    await user.type(await pad(), '{Backspace>9}');
    expect(add).toBeEnabled();

    await user.click(add);
    expect(await screen.findByText(/The shop is busy\. Please try again\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add the 3 valid rows to the cart' }));

    const outcome = await screen.findByRole('heading', { name: 'Added 2 of 3 rows to your cart' });
    await waitFor(() => expect(outcome).toHaveFocus());
    const adds = api.calls.filter((call) => call.route === 'POST /cart/quick-add');
    expect(adds).toHaveLength(2);
    const [first, second] = adds.map((call) => call.headers.get('idempotency-key'));
    expect(first).toMatch(/^[\w-]{8,100}$/);
    expect(second).toBe(first);
    expect(adds[1]!.body).toEqual({
      rows: [
        { sku: 'BR-25', quantity: 48 },
        { sku: 'RL-9', quantity: 60 },
        { sku: '007', quantity: 3 },
      ],
    });
    const skipped = within(screen.getByRole('region', { name: 'Skipped (1)' }));
    expect(skipped.getByText('60: Only 40 in stock: order 40 instead')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Added (2)' })).toHaveTextContent('Your cart holds 48.');
    expect(screen.getByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'Cart 2 tools' })).toBeInTheDocument();
    // What did not go in stays in the pad, to fix and check again.
    expect(await pad()).toHaveValue('RL-9 60\nXX-1 5\nTR-3 50');
    expect(screen.queryByRole('button', { name: /valid rows? to the cart/ })).not.toBeInTheDocument();
  });

  it('reads an uploaded CSV file into the pad, its other columns ignored, and checks it at once', async () => {
    const user = userEvent.setup();
    const { checks } = openPad();
    const csv =
      'Description,SKU,Qty,Price\nWall brush 25 mm,BR-25,48,3.50\nRoller,RL-9,"1,200",4\nTray,TR-3,,2\n';
    await user.upload(
      await screen.findByLabelText('Or upload a CSV file'),
      new File([csv], 'restock.csv', { type: 'text/csv' }),
    );

    expect(
      await screen.findByText(/2 rows checked: 2 valid, 0 refused\. 1 line could not be read/),
    ).toBeInTheDocument();
    expect(await pad()).toHaveValue(csv);
    expect(checks()[0]!.body).toEqual({
      rows: [
        { sku: 'BR-25', quantity: 48 },
        { sku: 'RL-9', quantity: 1200 },
      ],
    });
    expect(within(await lineItem(4)).getByText('No quantity after TR-3')).toBeInTheDocument();
  });

  it('shows the lines the parser could not read with their line numbers and why; with no row, nothing is asked', async () => {
    const { checks } = openPad();
    await paste('BR-25 forty\n\nRL-9\nTR-3,1,200');

    const rows = await rowsAsChecked();
    expect(rows.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Line 1: BR-25 fortyNot read"forty" is not a quantity: write a whole number such as 48 or 1,200',
      'Line 3: RL-9Not readNo quantity after RL-9',
      'Line 4: TR-3,1,200Not readIs the quantity 1 or 1,200? Write it without the comma, or in quotes',
    ]);
    expect(screen.getByText(/3 lines could not be read/)).toBeInTheDocument();
    expect(screen.getByText(/No row can be added as it stands/)).toBeInTheDocument();
    expect(checks()).toHaveLength(0);
  });

  it('refuses more than 200 rows at the field, and asks nothing', async () => {
    const { checks } = openPad();
    const lines = Array.from({ length: 201 }, (_, index) => `RL-9 ${index + 1}`).join('\n');
    // Typed into at once: 201 lines key by key would only slow the test.
    fireEvent.change(await pad(), { target: { value: lines } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Check rows' }));

    const message = 'At most 200 rows at a time: this has 201. Split it in two.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await pad()).toHaveAttribute('aria-invalid', 'true');
    expect(await pad()).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(checks()).toHaveLength(0);
  });

  it('is linked from the bar and the cart for a signed-in buyer', async () => {
    mockApi({ ...signedInAs(customer) });
    renderApp('/cart');
    expect(await screen.findByRole('link', { name: 'Quick order by SKU' })).toHaveAttribute(
      'href',
      '/quick-order',
    );
    // The bar's link, in the site menu on a small screen and the bar on a large one.
    expect(screen.getAllByRole('link', { name: 'Quick order', hidden: true })[0]).toHaveAttribute(
      'href',
      '/quick-order',
    );
  });
});
