import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StockMovement } from '@shop/shared/contracts/stock';
import { copy } from '@shop/shared/copy';
import { ADJUSTMENT_REASON_REQUIRED, RESTOCK_QUANTITY_MESSAGE } from '@shop/shared/contracts/stock';
import { mockApi } from '@/test/fetch-mock';
import { aTool } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { admin, signedInAs } from '@/test/signed-in';

const roller = aTool({
  _id: 't2',
  name: 'Paint Roller',
  sku: 'RL-9',
  availableQuantity: 400,
  orderQuantity: 100,
  perPartsPrice: 7,
});
const lowBrush = aTool({ _id: 't1', name: 'Flat Brush', availableQuantity: 150, orderQuantity: 100 });
const customLine = aTool({
  _id: 't3',
  name: 'Palette Knife',
  availableQuantity: 60,
  orderQuantity: 10,
  lowStockThreshold: 60,
});

const movement = (overrides: Partial<StockMovement>): StockMovement => ({
  _id: 'm1',
  kind: 'initial',
  delta: 400,
  stockAfter: 400,
  note: null,
  actorEmail: 'admin@shop.test',
  orderId: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  ...overrides,
});

describe('Manage Products: low stock, Restock, Edit and History (§3.9)', () => {
  it('marks a tool low at or under its line: twice its min quantity, or its own threshold', async () => {
    mockApi({
      ...signedInAs(admin),
      'GET /tool': { query: { sort: 'newest', limit: '50' }, body: [lowBrush, roller, customLine] },
    });
    renderApp('/dashboard/manage-products');
    const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr')!;
    expect(within(await rowOf('Flat Brush')).getByText('Low stock')).toBeInTheDocument();
    expect(within(await rowOf('Palette Knife')).getByText('Low stock')).toBeInTheDocument();
    expect(within(await rowOf('Paint Roller')).queryByText('Low stock')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Paint Roller' })).toHaveAttribute(
      'href',
      '/dashboard/edit-product/t2',
    );
    expect(screen.getByRole('link', { name: 'Stock history of Paint Roller' })).toHaveAttribute(
      'href',
      '/dashboard/stock-history/t2',
    );
    expect(screen.getByRole('link', { name: 'Archived products' })).toHaveAttribute(
      'href',
      '/dashboard/archived-products',
    );
  });

  it('Restock checks the quantity, sends it with the note and closes', async () => {
    const user = userEvent.setup();
    let stock = 400;
    const api = mockApi({
      ...signedInAs(admin),
      'GET /tool': {
        query: { sort: 'newest', limit: '50' },
        answer: () => ({ body: [{ ...roller, availableQuantity: stock }] }),
      },
      'POST /tool/:id/restock': {
        params: { id: 't2' },
        answer: ({ body }) => {
          stock += (body as { quantity: number }).quantity;
          return {
            status: 201,
            body: {
              availableQuantity: stock,
              movement: movement({ kind: 'restock', delta: 25, stockAfter: stock }),
            },
          };
        },
      },
    });
    renderApp('/dashboard/manage-products');
    await user.click(await screen.findByRole('button', { name: 'Restock Paint Roller' }));
    const dialog = screen.getByRole('dialog', { name: 'Stock of Paint Roller' });
    await user.click(within(dialog).getByRole('button', { name: 'Restock' }));
    expect(await within(dialog).findByText(RESTOCK_QUANTITY_MESSAGE)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Units arrived'), '25');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Delivery 42');
    await user.click(within(dialog).getByRole('button', { name: 'Restock' }));
    expect(await screen.findByText('Paint Roller: 425 in stock')).toBeInTheDocument();
    expect(api.calls.find((call) => call.url === '/api/tool/t2/restock')?.body).toEqual({
      quantity: 25,
      note: 'Delivery 42',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: '425' })).toBeInTheDocument();
  });

  it('an adjustment needs a reason; going below zero shows the server message at the box', async () => {
    const user = userEvent.setup();
    const below =
      'Stock cannot go below zero: Paint Roller has 400 in stock, so it can go down by at most 400 (asked -500)';
    mockApi({
      ...signedInAs(admin),
      'GET /tool': { query: { sort: 'newest', limit: '50' }, body: [roller] },
      'POST /tool/:id/stock-adjustment': {
        params: { id: 't2' },
        status: 409,
        body: { code: 'conflict', message: below },
      },
    });
    renderApp('/dashboard/manage-products');
    await user.click(await screen.findByRole('button', { name: 'Restock Paint Roller' }));
    const dialog = screen.getByRole('dialog', { name: 'Stock of Paint Roller' });
    await user.click(within(dialog).getByRole('radio', { name: 'Adjust (correct the count)' }));
    await user.type(within(dialog).getByLabelText('Change in units (+ or -)'), '-500');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust stock' }));
    expect(await within(dialog).findByText(ADJUSTMENT_REASON_REQUIRED)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Reason'), 'Stock-take');
    await user.click(within(dialog).getByRole('button', { name: 'Adjust stock' }));
    expect(await within(dialog).findByText(below)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Change in units (+ or -)')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('Edit product (§3.10)', () => {
  it('fills in the Add a Product fields, without the stock, and saves only those fields', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(admin),
      'GET /tool/:id': { params: { id: 't2' }, body: roller },
      'PATCH /tool/:id': {
        params: { id: 't2' },
        answer: ({ body }) => ({ body: { ...roller, ...(body as object) } }),
      },
      'GET /tool': { query: { sort: 'newest', limit: '50' }, body: [roller] },
    });
    const { router } = renderApp('/dashboard/edit-product/t2');
    await screen.findByRole('heading', { name: 'Edit Paint Roller' });
    expect(screen.getByLabelText('Name')).toHaveValue('Paint Roller');
    expect(screen.getByLabelText('Min quantity')).toHaveValue(100);
    expect(screen.getByLabelText('Per unit price ($)')).toHaveValue(7);
    expect(screen.queryByLabelText('Available quantity')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Low-stock threshold')).toHaveValue(null);

    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(copy.nameRequired)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.type(screen.getByLabelText('Name'), 'Paint Roller XL');
    await user.clear(screen.getByLabelText('Per unit price ($)'));
    await user.type(screen.getByLabelText('Per unit price ($)'), '9');
    await user.type(screen.getByLabelText('Low-stock threshold'), '250');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Paint Roller XL saved')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      name: 'Paint Roller XL',
      sku: 'RL-9',
      orderQuantity: 100,
      perPartsPrice: 9,
      description: roller.description,
      category: roller.category,
      lowStockThreshold: 250,
      packSize: 1,
      maxOrderQuantity: null,
      shipPrice: 25,
      priceBreaks: [],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/manage-products'));
  });

  it('fills in the trade pricing, checks it across fields and saves the new ladder (§3.7)', async () => {
    const user = userEvent.setup();
    const trade = aTool({
      _id: 't4',
      name: 'Sash Brush',
      orderQuantity: 20,
      perPartsPrice: 10,
      packSize: 10,
      maxOrderQuantity: 2000,
      shipPrice: 30,
      priceBreaks: [{ fromQuantity: 200, unitPrice: 8.1 }],
    });
    const api = mockApi({
      ...signedInAs(admin),
      'GET /tool/:id': { params: { id: 't4' }, body: trade },
      'PATCH /tool/:id': {
        params: { id: 't4' },
        answer: ({ body }) => ({ body: { ...trade, ...(body as object) } }),
      },
      'GET /tool': { query: { sort: 'newest', limit: '50' }, body: [trade] },
    });
    renderApp('/dashboard/edit-product/t4');
    await screen.findByRole('heading', { name: 'Edit Sash Brush' });
    expect(screen.getByLabelText('Pack size')).toHaveValue(10);
    expect(screen.getByLabelText('Maximum per order')).toHaveValue(2000);
    expect(screen.getByLabelText('Ship price ($)')).toHaveValue(30);
    expect(screen.getByLabelText('Break 1: price each ($)')).toHaveValue(8.1);

    // Packs of 15 do not make the minimum of 20: refused at the form, nothing sent.
    await user.clear(screen.getByLabelText('Pack size'));
    await user.type(screen.getByLabelText('Pack size'), '15');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/whole number of packs of 15/)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.clear(screen.getByLabelText('Pack size'));
    await user.type(screen.getByLabelText('Pack size'), '5');
    await user.clear(screen.getByLabelText('Break 1: price each ($)'));
    await user.type(screen.getByLabelText('Break 1: price each ($)'), '7.5');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Sash Brush saved')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      packSize: 5,
      maxOrderQuantity: 2000,
      shipPrice: 30,
      priceBreaks: [{ fromQuantity: 200, unitPrice: 7.5 }],
    });
  });

  it('edits the SKU: one in use by another tool shows at the SKU field, and an empty one is refused (§3.14)', async () => {
    const user = userEvent.setup();
    const inUse = 'That SKU is in use by another tool';
    const api = mockApi({
      ...signedInAs(admin),
      'GET /tool/:id': { params: { id: 't2' }, body: roller },
      'PATCH /tool/:id': {
        params: { id: 't2' },
        status: 409,
        body: { code: 'conflict', message: inUse, issues: [{ field: 'sku', message: inUse }] },
      },
    });
    renderApp('/dashboard/edit-product/t2');
    const sku = await screen.findByLabelText('SKU');
    expect(sku).toHaveValue('RL-9');

    await user.clear(sku);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('SKU is required')).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.type(sku, 'BR-25');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sku).toHaveAccessibleDescription(expect.stringContaining(inUse)));
    expect(sku).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ sku: 'BR-25' });
  });

  it('an uncategorised tool asks for a category; one chosen is saved with the edit', async () => {
    const loose = aTool({ _id: 't5', name: 'Paint Scraper', category: null });
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(admin),
      'GET /tool/:id': { params: { id: 't5' }, body: loose },
      'PATCH /tool/:id': {
        params: { id: 't5' },
        answer: ({ body }) => ({ body: { ...loose, ...(body as object) } }),
      },
      'GET /tool': { query: { sort: 'newest', limit: '50' }, body: [loose] },
    });
    renderApp('/dashboard/edit-product/t5');
    await screen.findByRole('heading', { name: 'Edit Paint Scraper' });
    const category = screen.getByLabelText('Category');
    expect(category).toHaveValue('');
    expect(category).toHaveAccessibleDescription(/uncategorised: choose a category/i);

    await user.selectOptions(category, 'Student Paint Tools');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Paint Scraper saved')).toBeInTheDocument();
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ category: 'student' });
  });

  it('an uncategorised tool saved without choosing keeps no category: the edit leaves it out', async () => {
    const loose = aTool({ _id: 't5', name: 'Paint Scraper', category: null });
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(admin),
      'GET /tool/:id': { params: { id: 't5' }, body: loose },
      'PATCH /tool/:id': {
        params: { id: 't5' },
        answer: ({ body }) => ({ body: { ...loose, ...(body as object) } }),
      },
      'GET /tool': { query: { sort: 'newest', limit: '50' }, body: [loose] },
    });
    renderApp('/dashboard/edit-product/t5');
    await screen.findByRole('heading', { name: 'Edit Paint Scraper' });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Paint Scraper saved')).toBeInTheDocument();
    const body = api.calls.find((call) => call.method === 'PATCH')?.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: 'Paint Scraper' });
    expect(Object.keys(body)).not.toContain('category');
  });

  it('an unknown tool shows the error with a retry', async () => {
    mockApi({
      ...signedInAs(admin),
      'GET /tool/:id': {
        params: { id: 'nope' },
        status: 404,
        body: { code: 'not-found', message: 'Tool not found' },
      },
    });
    renderApp('/dashboard/edit-product/nope');
    expect(await screen.findByText('Tool not found')).toBeInTheDocument();
  });
});

describe('Archived Products and Stock history (§3.11, §3.12)', () => {
  it('lists archived tools; Restore puts one back and it leaves the list', async () => {
    const user = userEvent.setup();
    let archived = [{ ...roller, archivedAt: '2026-02-01T10:00:00.000Z' }];
    mockApi({
      ...signedInAs(admin),
      'GET /archived-tool': { answer: () => ({ body: archived }) },
      'POST /archived-tool/:id/restore': {
        params: { id: 't2' },
        answer: () => {
          archived = [];
          return { body: { modifiedCount: 1 } };
        },
      },
    });
    renderApp('/dashboard/archived-products');
    await screen.findByRole('heading', { name: 'Archived Products' });
    expect(await screen.findByRole('cell', { name: 'Paint Roller' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore Paint Roller' }));
    expect(await screen.findByText('Paint Roller is back in the shop')).toBeInTheDocument();
    expect(await screen.findByText('No archived products.')).toBeInTheDocument();
  });

  it("shows a tool's ledger newest first with signed changes, notes and who", async () => {
    mockApi({
      ...signedInAs(admin),
      'GET /tool/:id/stock-movements': {
        params: { id: 't2' },
        body: {
          toolName: 'Paint Roller',
          availableQuantity: 390,
          movements: [
            movement({ _id: 'm3', kind: 'adjustment', delta: -10, stockAfter: 390, note: 'Water damage' }),
            movement({
              _id: 'm2',
              kind: 'order-reservation',
              delta: -100,
              stockAfter: 400,
              actorEmail: 'cara@shop.test',
            }),
            movement({ _id: 'm1', kind: 'initial', delta: 500, stockAfter: 500 }),
          ],
        },
      },
    });
    renderApp('/dashboard/stock-history/t2');
    await screen.findByRole('heading', { name: 'Stock history: Paint Roller' });
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Adjustment',
      'Order',
      'Added',
    ]);
    expect(within(rows[0]!).getByRole('cell', { name: '−10' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('cell', { name: 'Water damage' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('cell', { name: 'cara@shop.test' })).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('cell', { name: '+500' })).toBeInTheDocument();
  });
});
