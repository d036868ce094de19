import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@shop/shared/constants';
import { copy } from '@shop/shared/copy';
import { SOCIAL_SIGN_IN_MESSAGE_TYPE } from '@/lib/auth/social-sign-in';
import { mockApi } from '@/test/fetch-mock';
import { aTool, invalidInput } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { customer } from '@/test/signed-in';

const tool = aTool();

async function submitLogin(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login page', () => {
  it('has labelled fields, Remember me checked, a way to sign up, and no Google button while no provider is configured', async () => {
    mockApi({});
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Remember me')).toBeChecked();
    expect(screen.getByRole('link', { name: 'Forget Password' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Create New Account' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('button', { name: copy.continueWithGoogle })).not.toBeInTheDocument();
  });

  it('requires an e-mail and a password', async () => {
    const { calls } = mockApi({});
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    await submitLogin('', '');
    expect(await screen.findByText(copy.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(copy.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('refuses a malformed e-mail and a short password', async () => {
    mockApi({});
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    await submitLogin('cara@shop', '12345');
    expect(await screen.findByText(copy.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(copy.passwordTooShort)).toBeInTheDocument();
  });

  it('a 429 says when to try again, in the card and as a toast', async () => {
    mockApi({
      'POST /session': {
        status: 429,
        body: { code: 'rate-limited', message: 'Too many attempts. Try again in 42 seconds.' },
        headers: { 'retry-after': '42' },
      },
    });
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    await submitLogin('cara@example.com', 'secret1');
    const message = 'Too many attempts. Try again in 42 seconds.';
    // Once inside the form's card (§4.4), once in the toast area.
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    const shown = screen.getAllByText(message);
    expect(shown.filter((element) => element.closest('[role="status"]'))).toHaveLength(1);
  });

  it.each([
    ['user-not-found', copy.userNotFound],
    ['wrong-password', copy.wrongPassword],
  ] as const)('shows the login message of §4.4 for %s', async (code, message) => {
    mockApi({ 'POST /session': { status: 401, body: { code, message: 'server words' } } });
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    await submitLogin('cara@shop.test', 'secret123');
    expect(await screen.findByText(message)).toHaveAttribute('role', 'alert');
    expect(screen.queryByText('server words')).not.toBeInTheDocument();
  });

  it("shows the API's reason for refusing a field next to that field, and in the card", async () => {
    mockApi({
      'POST /session': invalidInput({ field: 'password', message: 'Must be 128 characters or fewer' }),
    });
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    await submitLogin('cara@shop.test', 'secret123');
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveAccessibleDescription('Must be 128 characters or fewer'));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Must be 128 characters or fewer',
      'Must be 128 characters or fewer',
    ]);
  });

  it('shows any other error in its own words', async () => {
    mockApi({
      'POST /session': { status: 403, body: { code: 'forbidden', message: 'This account is suspended' } },
    });
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    await submitLogin('cara@shop.test', 'secret123');
    expect(await screen.findByText('This account is suspended')).toBeInTheDocument();
  });

  it('brings the user back to the page they came from and stores the token under accessToken', async () => {
    const { calls } = mockApi({
      'POST /session': { body: { token: 'session-token', user: customer } },
      'PUT /user/:email': { params: { email: 'cara@shop.test' }, body: { token: 'access-token' } },
      'GET /tool/:id': { params: { id: 't1' }, body: tool },
    });
    const { router } = renderApp('/purchase/t1');
    await screen.findByRole('heading', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/login');

    await submitLogin('Cara@Shop.test', 'secret123');

    await screen.findByRole('heading', { name: tool.name, level: 1 });
    expect(router.state.location.pathname).toBe('/purchase/t1');
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('access-token');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'cara@shop.test',
      password: 'secret123',
      rememberMe: true,
    });
  });

  it('goes home after login when there is no page to return to', async () => {
    mockApi({
      'POST /session': { body: { token: 'session-token', user: customer } },
      'PUT /user/:email': { params: { email: 'cara@shop.test' }, body: { token: 'access-token' } },
      'GET /tool': { body: [] },
      'GET /review': { body: [] },
    });
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Login' });
    await submitLogin('cara@shop.test', 'secret123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  describe('with a social sign-in provider', () => {
    const google = {
      'GET /auth/providers': {
        body: { oidc: { name: 'Google' }, authorizedOrigins: [window.location.origin] },
      },
    };

    it("says 'Google Popup Closed' when the popup is closed before finishing", async () => {
      mockApi(google);
      vi.spyOn(window, 'open').mockReturnValue({ closed: true, focus: () => {} } as unknown as Window);
      renderApp('/login');
      await userEvent.click(await screen.findByRole('button', { name: copy.continueWithGoogle }));
      expect(await screen.findByText(copy.loginPopupClosed, {}, { timeout: 5000 })).toHaveAttribute(
        'role',
        'alert',
      );
    });

    it('brings the user back to the page they came from, with the token stored', async () => {
      mockApi({
        ...google,
        'POST /session/exchange': { body: { token: 'session-token', user: customer } },
        'PUT /user/:email': { params: { email: 'cara@shop.test' }, body: { token: 'access-token' } },
        'GET /tool/:id': { params: { id: 't1' }, body: tool },
      });
      vi.spyOn(window, 'open').mockReturnValue({ closed: false, focus: () => {} } as unknown as Window);
      const { router } = renderApp('/purchase/t1');
      await userEvent.click(await screen.findByRole('button', { name: copy.continueWithGoogle }));
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: { type: SOCIAL_SIGN_IN_MESSAGE_TYPE, error: null },
        }),
      );
      await screen.findByRole('heading', { name: tool.name, level: 1 });
      expect(router.state.location.pathname).toBe('/purchase/t1');
      expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('access-token');
    });

    it('asks for the code when the account has two-factor sign-in on, then signs in (§4.13)', async () => {
      const user = userEvent.setup();
      const { calls } = mockApi({
        ...google,
        'POST /session/exchange': { body: { twoFactorRequired: true, challenge: 'social-challenge' } },
        'POST /session/two-factor': { body: { token: 'session-token', user: customer } },
        'PUT /user/:email': { params: { email: 'cara@shop.test' }, body: { token: 'access-token' } },
        'GET /tool/:id': { params: { id: 't1' }, body: tool },
      });
      vi.spyOn(window, 'open').mockReturnValue({ closed: false, focus: () => {} } as unknown as Window);
      const { router } = renderApp('/purchase/t1');
      await user.click(await screen.findByRole('button', { name: copy.continueWithGoogle }));
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: { type: SOCIAL_SIGN_IN_MESSAGE_TYPE, error: null },
        }),
      );
      const code = await screen.findByLabelText('Authentication code');
      expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
      expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
      await user.type(code, '123456');
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await screen.findByRole('heading', { name: tool.name, level: 1 });
      expect(router.state.location.pathname).toBe('/purchase/t1');
      expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('access-token');
      expect(calls.find((call) => call.url === '/api/session/two-factor')?.body).toEqual({
        challenge: 'social-challenge',
        code: '123456',
      });
    });
  });
});
