import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@shop/shared/constants';
import { copy } from '@shop/shared/copy';
import { mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { customer } from '@/test/signed-in';

describe('route guards', () => {
  it('a signed-out visitor opening a protected page is sent to /login, remembering the page', async () => {
    mockApi({});
    const { router } = renderApp('/dashboard/my-orders');
    await screen.findByRole('heading', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/dashboard/my-orders' } });
  });

  it('a signed-in customer sees the dashboard after the session check', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'tok');
    mockApi({
      'GET /session': { body: { user: customer } },
      'GET /admin/:email': { params: { email: 'cara@shop.test' }, body: { admin: false } },
      'GET /my-order': { query: { email: 'cara@shop.test' }, body: [] },
    });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Your open orders' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'My Orders' })).toBeInTheDocument();
  });

  it('a customer opening an admin page is sent to /login once the admin check answers', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'tok');
    mockApi({
      'GET /session': { body: { user: customer } },
      'GET /admin/:email': { params: { email: 'cara@shop.test' }, body: { admin: false } },
    });
    const { router } = renderApp('/dashboard/all-users');
    await screen.findByRole('heading', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('a stored token the server refuses is removed and the visitor is signed out', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'stale');
    mockApi({
      'GET /session': { status: 401, body: { code: 'unauthorized', message: 'Sign in first' } },
    });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Login' });
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('an unknown path shows the not-found page', async () => {
    mockApi({});
    renderApp('/no/such/page');
    expect(await screen.findByText(copy.notFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: copy.backHome })).toHaveAttribute('href', '/');
  });
});
