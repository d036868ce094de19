import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@shop/shared/constants';
import { mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { customer, signedInAs } from '@/test/signed-in';

/** docs/behaviour.md §2.5 (Sign Out goes to `/`) and §2.3 (where the next sign-in lands). */
describe('Sign Out', () => {
  it('from a dashboard page ends home and signed out, and the next sign-in lands home too', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(customer),
      'GET /my-order': { query: { email: 'cara@shop.test' }, body: [] },
      'DELETE /session': { body: { success: true } },
      'GET /tool': { body: [] },
      'GET /review': { body: [] },
      'POST /session': { body: { token: 'session-token', user: customer } },
      'PUT /user/:email': { params: { email: 'cara@shop.test' }, body: { token: 'access-token' } },
    });
    const { router } = renderApp('/dashboard/my-orders');
    await screen.findByText('You have not ordered anything yet.');

    await user.click(screen.getByText('Profile'));
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));

    await screen.findByRole('link', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/');
    // Home, not /login remembering the dashboard page (the guard never saw the signed-out state).
    expect(router.state.location.state).toBeNull();
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    // The server was told while the token was still there to tell it with.
    const signOutCall = api.calls.find((call) => call.method === 'DELETE');
    expect(signOutCall?.headers.get('authorization')).toBe('Bearer tok');

    await user.click(screen.getByRole('link', { name: 'Login' }));
    await user.type(await screen.findByLabelText('Email'), customer.email);
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('access-token');
  });

  it('on the home page signs out and stays home', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signedInAs(customer),
      'DELETE /session': { body: { success: true } },
      'GET /tool': { body: [] },
      'GET /review': { body: [] },
    });
    const { router } = renderApp('/');
    await user.click(await screen.findByText('Profile'));
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await screen.findByRole('link', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
  });
});
