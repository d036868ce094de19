import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@shop/shared/constants';
import { copy } from '@shop/shared/copy';
import { mockApi } from '@/test/fetch-mock';
import { aTool } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { admin, signedInAs } from '@/test/signed-in';

const tool = (id: string, name: string, availableQuantity: number) =>
  aTool({
    _id: id,
    name,
    img: `/uploads/${id}.webp`,
    availableQuantity,
    createdAt: `2026-01-0${id.slice(1)}T10:00:00.000Z`,
  });

// Oldest first; Manage Products asks the API for the newest first (sort=newest).
const tools = [
  tool('t1', 'Flat Brush', 900),
  tool('t2', 'Paint Roller', 400),
  tool('t3', 'Palette Knife', 250),
];

const bodyRows = () => screen.getAllByRole('row').slice(1);

describe('Manage Products', () => {
  it('lists the newest first with index, a small lazy image, name and quantity', async () => {
    mockApi({
      ...signedInAs(admin),
      'GET /tool': { query: { sort: 'newest', limit: '50' }, body: [...tools].reverse() },
    });
    renderApp('/dashboard/manage-products');
    await screen.findByRole('cell', { name: 'Palette Knife' });

    const rows = bodyRows();
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Palette Knife',
      'Paint Roller',
      'Flat Brush',
    ]);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('1');
    expect(within(rows[0]!).getByRole('cell', { name: '250' })).toBeInTheDocument();
    const image = rows[0]!.querySelector('img');
    expect(image).toHaveAttribute('src', '/uploads/t3.webp');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '48');
    expect(image).toHaveAttribute('height', '48');
  });

  it("shows each tool's category; an uncategorised one says so, with a link to choose one (§3.2)", async () => {
    const loose = aTool({
      _id: 't4',
      name: 'Paint Scraper',
      category: null,
      createdAt: '2026-01-04T10:00:00.000Z',
    });
    mockApi({
      ...signedInAs(admin),
      'GET /tool': { query: { sort: 'newest', limit: '50' }, body: [loose, ...[...tools].reverse()] },
    });
    renderApp('/dashboard/manage-products');
    await screen.findByRole('cell', { name: 'Paint Scraper' });
    const [looseRow, knifeRow] = bodyRows();
    expect(within(looseRow!).getByText('Uncategorised')).toBeInTheDocument();
    expect(
      within(looseRow!).getByRole('link', { name: 'Choose a category for Paint Scraper' }),
    ).toHaveAttribute('href', '/dashboard/edit-product/t4');
    expect(within(knifeRow!).getByText('Home Painting Tools')).toBeInTheDocument();
    expect(within(knifeRow!).queryByText('Uncategorised')).not.toBeInTheDocument();
  });

  it("delete asks first with the shop's text (§3.9), and Close Action keeps the tool", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(admin),
      'GET /tool': { query: { sort: 'newest', limit: '50' }, body: [...tools].reverse() },
    });
    renderApp('/dashboard/manage-products');
    await user.click(await screen.findByRole('button', { name: 'Delete Paint Roller' }));

    const dialog = screen.getByRole('dialog', { name: copy.deleteToolQuestion('Paint Roller') });
    expect(within(dialog).getByRole('button', { name: 'Delete Tools' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close Action' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('Delete Tools deletes, says so, refetches and closes the dialog', async () => {
    const user = userEvent.setup();
    let list = tools;
    const api = mockApi({
      ...signedInAs(admin),
      'GET /tool': { query: { sort: 'newest', limit: '50' }, answer: () => ({ body: [...list].reverse() }) },
      'DELETE /delete-tool/:id': {
        params: { id: 't2' },
        answer: () => {
          list = list.filter((t) => t._id !== 't2');
          return { body: { deletedCount: 1 } };
        },
      },
    });
    renderApp('/dashboard/manage-products');
    await user.click(await screen.findByRole('button', { name: 'Delete Paint Roller' }));
    await user.click(screen.getByRole('button', { name: 'Delete Tools' }));

    expect(await screen.findByText(copy.deletedSuccessfully('Paint Roller'))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Paint Roller' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.route === 'GET /tool')).toHaveLength(2);
  });

  it('a 401 from the tools call signs the user out and goes home', async () => {
    mockApi({
      ...signedInAs(admin),
      'GET /tool': [
        {
          query: { sort: 'newest', limit: '50' },
          status: 401,
          body: { code: 'unauthorized', message: 'Sign in first' },
        },
        { body: [] },
      ],

      'GET /review': { body: [] },
    });
    const { router } = renderApp('/dashboard/manage-products');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
  });
});
