import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SavedList } from '@shop/shared/contracts/saved-lists';
import { mockApi } from '@/test/fetch-mock';
import { aCart, aCartAddition, aCartLine, aSavedList, invalidInput } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { customer, signedInAs } from '@/test/signed-in';

const nameInUse = (name: string) => {
  const message = `You already have a list called ${name}`;
  return {
    status: 409 as const,
    body: { code: 'conflict' as const, message, issues: [{ field: 'name', message }] },
  };
};

const list = aSavedList();
const summaryOf = ({ lines: _lines, ...summary }: SavedList) => summary;
const listRoute = { params: { id: 'l1' } };

/** The list's page, its PATCH answered with the list as changed. */
function openList(overrides: Partial<SavedList> = {}) {
  const shown = aSavedList(overrides);
  const api = mockApi({
    ...signedInAs(customer),
    'GET /list/:id': { ...listRoute, body: shown },
    'GET /list': { body: [summaryOf(shown)] },
    'PATCH /list/:id': {
      ...listRoute,
      answer: ({ body }) => {
        if (body.name === 'Site B') return nameInUse('Site B');
        const lines = body.lines?.map(({ toolId, quantity }) => ({
          ...shown.lines.find((line) => line.toolId === toolId)!,
          quantity,
        }));
        return {
          body: {
            ...shown,
            ...(body.name && { name: body.name }),
            ...(lines && { lines, lineCount: lines.length }),
          },
        };
      },
    },
  });
  renderApp('/dashboard/lists/l1');
  const patches = () => api.calls.filter((call) => call.route === 'PATCH /list/:id').map((call) => call.body);
  return { api, patches };
}

const lineOf = (name: string) => screen.findByRole('article', { name });

describe('saved lists (docs/behaviour.md §5.20)', () => {
  it('saves the cart as a list: the name is asked for, one already used shows at the field', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(customer),
      'GET /cart': {
        body: aCart({ lines: [aCartLine(), aCartLine({ toolId: 't2', name: 'Foam Roller' })] }),
      },
      'POST /list': {
        answer: ({ body }) =>
          body.name.trim() === ''
            ? invalidInput({ field: 'name', message: 'Name the list' })
            : body.name === 'Van restock'
              ? nameInUse('Van restock')
              : { status: 201, body: aSavedList({ id: 'l2', name: body.name }) },
      },
    });
    renderApp('/cart');
    await user.click(await screen.findByRole('button', { name: 'Save as list' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Save as list' }));
    expect(dialog.getByText(/Keep the 2 tools in your cart as a list/)).toBeInTheDocument();
    const name = dialog.getByLabelText('List name');
    await user.click(dialog.getByRole('button', { name: 'Save list' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Name the list'));

    await user.type(name, 'Van restock');
    await user.click(dialog.getByRole('button', { name: 'Save list' }));
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription('You already have a list called Van restock'),
    );
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await user.type(name, ' 2');
    await user.click(dialog.getByRole('button', { name: 'Save list' }));
    expect(await screen.findByText(/Saved as the list “Van restock 2”/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the list' })).toHaveAttribute(
      'href',
      '/dashboard/lists/l2',
    );
    expect(api.calls.filter((call) => call.route === 'POST /list').map((call) => call.body)).toEqual([
      { name: '', fromCart: true },
      { name: 'Van restock', fromCart: true },
      { name: 'Van restock 2', fromCart: true },
    ]);
  });

  it('lists the saved lists, each to its page; the dashboard menu leads there', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signedInAs(customer),
      'GET /list': {
        body: [summaryOf(list), summaryOf(aSavedList({ id: 'l2', name: 'Site A', lineCount: 1 }))],
      },
    });
    renderApp('/dashboard');
    await user.click(await screen.findByRole('link', { name: 'Saved lists' }));
    const lists = within(await screen.findByRole('list', { name: 'Your saved lists' }));
    expect(lists.getByRole('link', { name: 'Van restock' })).toHaveAttribute('href', '/dashboard/lists/l1');
    expect(lists.getByRole('link', { name: 'Site A' }).closest('li')).toHaveTextContent(
      '1 tool · changed Jan 6, 2026',
    );
  });

  it('shows each line with its SKU and price today; a tool gone from the shop is marked', async () => {
    openList({
      lines: [
        ...list.lines,
        { ...list.lines[0]!, toolId: 't3', sku: '007', name: 'Paint Tray', isArchived: true },
      ],
    });
    const brushes = within(await lineOf('Angled Sash Brush'));
    expect(brushes.getByText('SKU BR-50A')).toBeInTheDocument();
    expect(brushes.getByText('$4.00 each today')).toBeInTheDocument();
    expect(brushes.getByLabelText('Quantity of Angled Sash Brush')).toHaveValue(100);
    const tray = within(await lineOf('Paint Tray'));
    expect(tray.getByText('SKU 007')).toBeInTheDocument();
    expect(tray.getByText('No longer in the shop')).toBeInTheDocument();
    expect(tray.queryByRole('link')).not.toBeInTheDocument();
  });

  it('renames the list; a name already used shows at the field', async () => {
    const user = userEvent.setup();
    const { patches } = openList();
    const name = await screen.findByLabelText('List name');
    expect(name).toHaveValue('Van restock');
    await user.clear(name);
    await user.type(name, 'Site B');
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('You already have a list called Site B'));

    await user.clear(name);
    await user.type(name, 'Site C');
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await screen.findByRole('heading', { name: 'Site C' })).toBeInTheDocument();
    expect(patches()).toEqual([{ name: 'Site B' }, { name: 'Site C' }]);
  });

  it("changes a line's quantity and removes a line, sending every line as it should be", async () => {
    const user = userEvent.setup();
    const { patches } = openList();
    const brushes = within(await lineOf('Angled Sash Brush'));
    const quantity = brushes.getByLabelText('Quantity of Angled Sash Brush');
    await user.clear(quantity);
    await user.click(brushes.getByRole('button', { name: 'Update Angled Sash Brush' }));
    expect(await brushes.findByText(/Enter a whole number, 1 or more/)).toBeInTheDocument();
    expect(patches()).toHaveLength(0);

    await user.type(quantity, '150');
    await user.click(brushes.getByRole('button', { name: 'Update Angled Sash Brush' }));
    expect(await brushes.findByText('Saved.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Foam Roller' }));
    expect(await screen.findByText('Foam Roller removed from the list')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Foam Roller' })).not.toBeInTheDocument();
    expect(patches()).toEqual([
      {
        lines: [
          { toolId: 't1', quantity: 150 },
          { toolId: 't2', quantity: 48 },
        ],
      },
      { lines: [{ toolId: 't1', quantity: 150 }] },
    ]);
  });

  it("shows the API's refusal of a line at that line", async () => {
    const user = userEvent.setup();
    mockApi({
      ...signedInAs(customer),
      'GET /list/:id': { ...listRoute, body: list },
      'PATCH /list/:id': {
        ...listRoute,
        ...invalidInput({ field: 'lines.1.quantity', message: 'Quantity must be at most 1,000,000' }),
      },
    });
    renderApp('/dashboard/lists/l1');
    const brushes = within(await lineOf('Angled Sash Brush'));
    await user.clear(brushes.getByLabelText('Quantity of Angled Sash Brush'));
    await user.type(brushes.getByLabelText('Quantity of Angled Sash Brush'), '120');
    await user.click(brushes.getByRole('button', { name: 'Update Angled Sash Brush' }));
    const rollers = within(await lineOf('Foam Roller'));
    expect(await rollers.findByText('Quantity must be at most 1,000,000')).toBeInTheDocument();
    expect(rollers.getByLabelText('Quantity of Foam Roller')).toHaveAttribute('aria-invalid', 'true');
  });

  it('adds the list to the cart with an Idempotency-Key and shows what went in and what was skipped', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(customer),
      'GET /list/:id': { ...listRoute, body: list },
      'POST /list/:id/add-to-cart': {
        ...listRoute,
        body: {
          cart: aCart(),
          results: [
            aCartAddition({ index: 0, quantity: 100, cartQuantity: 100 }),
            aCartAddition({
              index: 1,
              sku: 'RL-9',
              toolId: 't2',
              name: 'Foam Roller',
              quantity: 48,
              status: 'refused',
              code: 'insufficient-stock',
              message: 'Only 40 in stock: order 40 instead',
              nearest: [40],
              cartQuantity: 0,
            }),
          ],
          addedCount: 1,
        },
      },
    });
    renderApp('/dashboard/lists/l1');
    await user.click(await screen.findByRole('button', { name: 'Add this list to the cart' }));
    expect(
      await screen.findByRole('heading', { name: 'Added 1 of 2 lines to your cart' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Skipped (1)' })).toHaveTextContent(
      'Foam Roller, SKU RL-948: Only 40 in stock: order 40 instead',
    );
    expect(screen.getByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/cart');
    const call = api.calls.find((recorded) => recorded.route === 'POST /list/:id/add-to-cart')!;
    expect(call.headers.get('idempotency-key')).toMatch(/^[\w-]{8,100}$/);
  });

  it('deletes the list after asking, and goes back to the lists', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(customer),
      'GET /list/:id': { ...listRoute, body: list },
      'DELETE /list/:id': { ...listRoute, body: { deletedCount: 1 } },
      'GET /list': { body: [] },
    });
    const { router } = renderApp('/dashboard/lists/l1');
    await user.click(await screen.findByRole('button', { name: 'Delete list' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete the list “Van restock”?' }));
    await user.click(dialog.getByRole('button', { name: 'Keep it' }));
    expect(api.calls.some((call) => call.route === 'DELETE /list/:id')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete list' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/lists'));
    expect(await screen.findByText('You have no saved lists yet.')).toBeInTheDocument();
    expect(await screen.findByText('The list “Van restock” was deleted')).toBeInTheDocument();
  });

  it('a list that does not exist says so', async () => {
    mockApi({
      ...signedInAs(customer),
      'GET /list/:id': {
        params: { id: 'gone' },
        status: 404,
        body: { code: 'not-found', message: 'List not found' },
      },
    });
    renderApp('/dashboard/lists/gone');
    expect(
      await screen.findByText('We could not find this list. It may have been deleted.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Saved lists' })).toHaveAttribute(
      'href',
      '/dashboard/lists',
    );
  });
});
