import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/fetch-mock';
import { anOrder, aTool } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { admin, signedInAs } from '@/test/signed-in';

// docs/behaviour.md §9.4: the admin lists search (kept in the URL's q) and load a page at a time.

const next = (url: string) => ({ link: `<${url}>; rel="next"` });

describe('admin lists: search and pages', () => {
  it('Total Orders searches by customer and pages by cursor, the page in its URL (§5.15)', async () => {
    const { calls } = mockApi({
      ...signedInAs(admin),
      'GET /order': [
        {
          query: { limit: '50' },
          body: [anOrder({ _id: 'o1', name: 'Ann Avery' })],
          headers: next('/api/order?limit=50&cursor=c2'),
        },
        {
          query: { cursor: 'c2', limit: '50' },
          body: [anOrder({ _id: 'o2', name: 'Ben Brook' })],
        },
        { query: { q: 'ben', limit: '50' }, body: [anOrder({ _id: 'o2', name: 'Ben Brook' })] },
      ],
    });
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/all-orders');
    expect(await screen.findByRole('cell', { name: 'Ann Avery' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByRole('cell', { name: 'Ben Brook' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?cursor=c2');
    expect(screen.queryByRole('cell', { name: 'Ann Avery' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();

    // A search starts again at the first page.
    await user.type(screen.getByLabelText('Search by customer name or e-mail'), 'ben{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=ben'));
    expect(await screen.findByRole('cell', { name: 'Ben Brook' })).toBeInTheDocument();
    expect(calls.map((call) => call.url).filter((url) => url.startsWith('/api/order'))).toEqual([
      '/api/order?limit=50',
      '/api/order?cursor=c2&limit=50',
      '/api/order?q=ben&limit=50',
    ]);
  });

  it('Make Admin opens with the search its URL names and says when nothing matches', async () => {
    mockApi({ ...signedInAs(admin), 'GET /user': { query: { q: 'zed', limit: '50' }, body: [] } });
    renderApp('/dashboard/all-users?q=zed');
    expect(await screen.findByText('No accounts match this search.')).toBeInTheDocument();
    expect(screen.getByLabelText('Search by name or e-mail')).toHaveValue('zed');
  });

  it('Manage Products searches the newest-first list', async () => {
    mockApi({
      ...signedInAs(admin),
      'GET /tool': {
        query: { q: 'roller', sort: 'newest', limit: '50' },
        body: [aTool({ _id: 't2', name: 'Paint Roller' })],
      },
    });
    renderApp('/dashboard/manage-products?q=roller');
    expect(await screen.findByRole('cell', { name: 'Paint Roller' })).toBeInTheDocument();
  });
});
