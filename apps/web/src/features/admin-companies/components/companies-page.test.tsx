import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/fetch-mock';
import { aCompany } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { admin, signedInAs } from '@/test/signed-in';

const harbour = aCompany();
const pending = aCompany({
  id: 'c2',
  name: 'Northern Coatings',
  taxNumber: 'GB 987 654 321',
  applicant: { id: 'u2', name: 'Dan Decorator', email: 'dan@shop.test' },
  state: 'pending',
  decidedAt: null,
  memberCount: 0,
  createdAt: '2026-02-10T12:00:00.000Z',
});
const declined = aCompany({
  id: 'c3',
  name: 'Brush & Co',
  state: 'declined',
  declineReason: 'We could not verify the tax number',
  memberCount: 0,
});

const rowOf = async (name: string) =>
  (await screen.findByRole('link', { name: `Open ${name}` })).closest('tr')!;

describe('Companies', () => {
  it('lists every company with its tax number, applicant, state, members and date; each opens its page', async () => {
    mockApi({ ...signedInAs(admin), 'GET /company': { body: [pending, harbour, declined] } });
    renderApp('/dashboard/companies');
    expect(await screen.findByRole('heading', { level: 2, name: 'Companies' })).toBeInTheDocument();

    const row = await rowOf('Northern Coatings');
    expect(within(row).getByRole('link', { name: 'Open Northern Coatings' })).toHaveAttribute(
      'href',
      '/dashboard/companies/c2',
    );
    expect(within(row).getByText('GB 987 654 321')).toBeInTheDocument();
    expect(within(row).getByText('Dan Decorator')).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: /dan@shop\.test/ })).toBeInTheDocument();
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '0' })).toBeInTheDocument();
    expect(within(row).getByText('Feb 10, 2026')).toBeInTheDocument();

    expect(within(await rowOf('Harbour Decorators Ltd')).getByText('Approved')).toBeInTheDocument();
    expect(
      within(await rowOf('Harbour Decorators Ltd')).getByRole('cell', { name: '2' }),
    ).toBeInTheDocument();
    expect(within(await rowOf('Brush & Co')).getByText('Declined')).toBeInTheDocument();
  });

  it('the state filter asks the API for that state and shows its answer', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(admin),
      'GET /company': [
        { body: [pending, harbour, declined] },
        { query: { state: 'pending' }, body: [pending] },
      ],
    });
    const { router } = renderApp('/dashboard/companies');
    await rowOf('Harbour Decorators Ltd');
    const filter = screen.getByRole('group', { name: 'Show companies' });
    expect(within(filter).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(filter).getByRole('button', { name: 'Pending' }));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Open Harbour Decorators Ltd' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Open Northern Coatings' })).toBeInTheDocument();
    expect(within(filter).getByRole('button', { name: 'Pending' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.calls.map((call) => call.url)).toContain('/api/company?state=pending');
    expect(router.state.location.search).toBe('?state=pending');
  });

  it('searches by name or tax number with q, beside the state; says when nothing matches', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(admin),
      'GET /company': [
        { query: { state: 'approved' }, body: [harbour] },
        { query: { state: 'approved', q: 'GB999' }, body: [] },
      ],
    });
    renderApp('/dashboard/companies?state=approved');
    await rowOf('Harbour Decorators Ltd');

    await user.type(screen.getByRole('searchbox', { name: 'Search by name or tax number' }), 'GB999');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('No companies match these filters.')).toBeInTheDocument();
    expect(api.calls.map((call) => call.url)).toContain('/api/company?q=GB999&state=approved');
  });

  it('says when no one has applied yet', async () => {
    mockApi({ ...signedInAs(admin), 'GET /company': { body: [] } });
    renderApp('/dashboard/companies');
    expect(await screen.findByText('No one has applied for a trade account yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('a failed list shows an error with a retry', async () => {
    mockApi({
      ...signedInAs(admin),
      'GET /company': { status: 500, body: { code: 'internal', message: 'Something broke' } },
    });
    renderApp('/dashboard/companies');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something broke');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
