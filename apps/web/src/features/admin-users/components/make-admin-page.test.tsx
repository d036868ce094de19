import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import { mockApi } from '@/test/fetch-mock';
import { aUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { admin, signedInAs } from '@/test/signed-in';

const users = [
  aUser({ _id: 'u9', name: 'Ada Admin', email: admin.email, role: 'admin' }),
  aUser({ _id: 'u1', name: 'Cara Customer', email: 'cara@shop.test' }),
  aUser({ _id: 'u2', name: 'Dan Decorator', email: 'dan@shop.test' }),
];

const rowOf = async (email: string) => (await screen.findByRole('cell', { name: email })).closest('tr')!;

describe('Make Admin', () => {
  it('lists every user; Make admin shows only for those who are not admin yet', async () => {
    mockApi({ ...signedInAs(admin), 'GET /user': { query: { limit: '50' }, body: users } });
    renderApp('/dashboard/all-users');
    const adminRow = await rowOf(admin.email);
    expect(within(adminRow).queryByRole('button', { name: 'Make admin' })).not.toBeInTheDocument();
    expect(
      within(await rowOf('cara@shop.test')).getByRole('button', { name: 'Make admin' }),
    ).toBeInTheDocument();
    expect(
      within(await rowOf('dan@shop.test')).getByRole('button', { name: 'Make admin' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Make admin' })).toHaveLength(2);
  });

  it('promotes a user, says so and reloads the list', async () => {
    const user = userEvent.setup();
    let list = users;
    const api = mockApi({
      ...signedInAs(admin),
      'GET /user': { query: { limit: '50' }, answer: () => ({ body: list }) },
      'PUT /user/admin/:email': {
        params: { email: 'cara@shop.test' },
        answer: () => {
          list = list.map((u) => (u.email === 'cara@shop.test' ? { ...u, role: 'admin' } : u));
          return { body: { modifiedCount: 1 } };
        },
      },
    });
    renderApp('/dashboard/all-users');
    await user.click(within(await rowOf('cara@shop.test')).getByRole('button', { name: 'Make admin' }));

    expect(await screen.findByText(copy.madeAdmin)).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('cell', { name: 'cara@shop.test' }).closest('tr')!).queryByRole('button'),
      ).toBeNull(),
    );
    expect(api.calls.filter((call) => call.url === '/api/user?limit=50')).toHaveLength(2);
  });

  it('a 403 shows Failed to made admin', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signedInAs(admin),
      'GET /user': { query: { limit: '50' }, body: users },
      'PUT /user/admin/:email': {
        params: { email: 'dan@shop.test' },
        status: 403,
        body: { code: 'forbidden', message: 'Admins only' },
      },
    });
    renderApp('/dashboard/all-users');
    await user.click(within(await rowOf('dan@shop.test')).getByRole('button', { name: 'Make admin' }));
    expect(await screen.findByText(copy.makeAdminFailed)).toBeInTheDocument();
    expect(screen.queryByText(copy.madeAdmin)).not.toBeInTheDocument();
  });

  it('a failed list shows an error with a retry', async () => {
    mockApi({
      ...signedInAs(admin),
      'GET /user': {
        query: { limit: '50' },
        status: 500,
        body: { code: 'internal', message: 'Something broke' },
      },
    });
    renderApp('/dashboard/all-users');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something broke');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
