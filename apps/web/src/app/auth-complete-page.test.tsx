import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@shop/shared/constants';
import { SOCIAL_SIGN_IN_MESSAGE_TYPE } from '@/lib/auth/social-sign-in';
import { mockApi } from '@/test/fetch-mock';
import { aSessionUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { emptyCart } from '@/test/signed-in';

const customer = aSessionUser({ displayName: 'Sam Social', email: 'sam@painters.test' });

/** The calls of signing in, without the reads the signed-in bar then makes (its cart). */
const signInCalls = (calls: { route: string | undefined }[]) =>
  calls.map((call) => call.route).filter((route) => route !== 'GET /cart');

afterEach(() => {
  window.opener = null;
});

describe('/auth/complete', () => {
  it('after a redirect sign-in, stores the token as a password sign-in does and returns the user', async () => {
    const { calls } = mockApi({
      'POST /session/exchange': { body: { token: 'social-token', user: customer } },
      'PUT /user/:email': { params: { email: 'sam@painters.test' }, body: { token: 'social-token' } },
      'GET /cart': { body: emptyCart },
    });
    const { router } = renderApp('/auth/complete?mode=redirect&returnTo=%2Fcontact');
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact'));
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('social-token');
    expect(signInCalls(calls)).toEqual(['POST /session/exchange', 'PUT /user/:email']);
  });

  it('after a redirect sign-in of an account with two-factor sign-in on, asks for the code first (§4.13)', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      'POST /session/exchange': { body: { twoFactorRequired: true, challenge: 'social-challenge' } },
      'POST /session/two-factor': { body: { token: 'social-token', user: customer } },
      'PUT /user/:email': { params: { email: 'sam@painters.test' }, body: { token: 'social-token' } },
      'GET /cart': { body: emptyCart },
    });
    const { router } = renderApp('/auth/complete?mode=redirect&returnTo=%2Fcontact');
    const code = await screen.findByLabelText('Authentication code');
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact'));
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('social-token');
    expect(signInCalls(calls)).toEqual([
      'POST /session/exchange',
      'POST /session/two-factor',
      'PUT /user/:email',
    ]);
  });

  it('never returns to another site', async () => {
    mockApi({
      'POST /session/exchange': { body: { token: 'social-token', user: customer } },
      'PUT /user/:email': { params: { email: 'sam@painters.test' }, body: { token: 'social-token' } },
    });
    const { router } = renderApp('/auth/complete?mode=redirect&returnTo=%2F%2Fevil.test%2Fx');
    await waitFor(() => expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('social-token'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows why a redirect sign-in was refused, with a way back to login', async () => {
    const { calls } = mockApi({});
    renderApp('/auth/complete?mode=redirect&returnTo=%2F&error=account_not_linked');
    expect(await screen.findByRole('alert')).toHaveTextContent('already has an account');
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    expect(calls).toHaveLength(0);
  });

  it('in the popup, tells the opener (this origin only) and closes', async () => {
    const { calls } = mockApi({});
    const opener = { closed: false, postMessage: vi.fn() };
    Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    renderApp('/auth/complete?mode=popup&returnTo=%2F');
    expect(await screen.findByText('You can close this window.')).toBeInTheDocument();
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: SOCIAL_SIGN_IN_MESSAGE_TYPE, error: null },
      window.location.origin,
    );
    expect(close).toHaveBeenCalled();
    // The opener fetches the session itself: nothing is exchanged here.
    expect(calls).toHaveLength(0);
  });
});
