import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEvent } from '@shop/shared/contracts/audit';
import { mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { admin, signedInAs } from '@/test/signed-in';

const event = (overrides: Partial<AuditEvent>): AuditEvent => ({
  _id: 'e1',
  at: '2026-11-24T10:15:00.000Z',
  actor: { id: 'u9', email: admin.email, name: 'Ada Admin' },
  kind: 'stock.restock',
  target: { type: 'tool', id: 't1', label: 'Angled Sash Brush' },
  before: { availableQuantity: 15 },
  after: { availableQuantity: 55 },
  note: 'Delivery 7',
  ...overrides,
});

const restocked = event({});
const edited = event({
  _id: 'e2',
  kind: 'tool.edit',
  before: { perPartsPrice: 3, lowStockThreshold: null, category: null },
  after: { perPartsPrice: 11, lowStockThreshold: 20, category: 'student' },
  note: null,
});
const added = event({
  _id: 'e3',
  kind: 'tool.create',
  before: null,
  after: { name: 'Angled Sash Brush', category: 'home' },
  note: null,
});

/** A cell's lines as read, spaces collapsed (the arrow is shown, 'changed to' read out). */
const linesOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/\s+/g, ' '));

const rowOf = async (action: string) => (await screen.findByRole('cell', { name: action })).closest('tr')!;

describe('Audit Log', () => {
  it('lists who did what, with before and after readable', async () => {
    mockApi({
      ...signedInAs(admin),
      'GET /audit-events': { query: { limit: '50' }, body: [restocked, edited, added] },
    });
    renderApp('/dashboard/audit-log');
    expect(await screen.findByRole('heading', { name: 'Audit Log' })).toBeInTheDocument();

    const restock = await rowOf('Restocked');
    expect(within(restock).getByText('Angled Sash Brush')).toBeInTheDocument();
    expect(within(restock).getByText('Ada Admin')).toBeInTheDocument();
    expect(linesOf(restock)).toEqual(['Stock: 15 → changed to 55', 'Note: Delivery 7']);

    const edit = await rowOf('Tool edited');
    expect(linesOf(edit)).toEqual([
      // A tool added without a category (docs/behaviour.md §3.2).
      'Category: Uncategorised → changed to Student Paint Tools',
      'Unit price: $3 → changed to $11',
      'Low-stock threshold: default → changed to 20',
    ]);
    const add = await rowOf('Tool added');
    expect(linesOf(add)).toEqual(['Name: Angled Sash Brush', 'Category: Home Painting Tools']);
  });

  it('filters by action and by admin, both kept in the address', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(admin),
      'GET /audit-events': [
        { query: { limit: '50' }, body: [restocked, edited] },
        { query: { kind: 'stock.restock', limit: '50' }, body: [restocked] },
        { query: { actor: 'ada', kind: 'stock.restock', limit: '50' }, body: [] },
      ],
    });
    renderApp('/dashboard/audit-log');
    await rowOf('Tool edited');

    await user.selectOptions(screen.getByLabelText('Action'), 'Restocked');
    await rowOf('Restocked');
    expect(screen.queryByRole('cell', { name: 'Tool edited' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Search by admin name or e-mail'), 'ada');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No admin actions match these filters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Action')).toHaveValue('stock.restock');
    expect(api.calls.map((call) => call.url)).toContain(
      '/api/audit-events?actor=ada&kind=stock.restock&limit=50',
    );
  });

  it('loads older entries with Load more', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signedInAs(admin),
      'GET /audit-events': [
        {
          query: { limit: '50' },
          body: [restocked],
          headers: { link: '</api/audit-events?limit=50&cursor=abc>; rel="next"' },
        },
        { query: { limit: '50', cursor: 'abc' }, body: [added] },
      ],
    });
    renderApp('/dashboard/audit-log');
    await rowOf('Restocked');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await rowOf('Tool added');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says so when there is nothing yet', async () => {
    mockApi({ ...signedInAs(admin), 'GET /audit-events': { query: { limit: '50' }, body: [] } });
    renderApp('/dashboard/audit-log');
    expect(await screen.findByText('No admin actions yet.')).toBeInTheDocument();
  });
});
