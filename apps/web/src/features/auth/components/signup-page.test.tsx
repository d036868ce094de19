import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@shop/shared/constants';
import { copy } from '@shop/shared/copy';
import { SOCIAL_SIGN_IN_MESSAGE_TYPE } from '@/lib/auth/social-sign-in';
import { mockApi } from '@/test/fetch-mock';
import { aSessionUser, invalidInput } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const newUser = aSessionUser({ _id: 'u2', displayName: 'Nia New', email: 'nia@shop.test' });

async function openSignup() {
  const { router } = renderApp('/signup');
  await screen.findByRole('heading', { name: 'Sign Up' });
  return { user: userEvent.setup(), router };
}

describe('signup page', () => {
  it('requires a name, an e-mail and a password', async () => {
    const { calls } = mockApi({});
    const { user } = await openSignup();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(copy.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(copy.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(copy.passwordRequired)).toBeInTheDocument();
    expect(calls.filter((call) => call.method !== 'GET')).toHaveLength(0);
  });

  it('refuses a malformed e-mail and a short password', async () => {
    mockApi({});
    const { user } = await openSignup();
    await user.type(screen.getByLabelText('Name'), 'Nia');
    await user.type(screen.getByLabelText('Email'), 'nia@');
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(copy.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(copy.passwordTooShort)).toBeInTheDocument();
    expect(screen.queryByText(copy.nameRequired)).not.toBeInTheDocument();
  });

  it('says when the e-mail already has an account', async () => {
    mockApi({
      'POST /account': { status: 409, body: { code: 'email-already-exists', message: 'taken' } },
    });
    const { user } = await openSignup();
    await user.type(screen.getByLabelText('Name'), 'Nia');
    await user.type(screen.getByLabelText('Email'), 'nia@shop.test');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(copy.emailAlreadyExists);
  });

  it("shows the API's reasons for refusing fields next to those fields", async () => {
    mockApi({
      'POST /account': invalidInput(
        { field: 'name', message: 'Name must be 100 characters or fewer' },
        { field: 'email', message: copy.emailInvalid },
      ),
    });
    const { user } = await openSignup();
    await user.type(screen.getByLabelText('Name'), 'Nia');
    await user.type(screen.getByLabelText('Email'), 'nia@shop.test');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(
        'Name must be 100 characters or fewer',
      ),
    );
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(copy.emailInvalid);
    expect(screen.getByLabelText('Password')).not.toHaveAccessibleDescription();
  });

  it('refuses one of the most common passwords, saying so next to the password field', async () => {
    mockApi({ 'POST /account': invalidInput({ field: 'password', message: copy.passwordTooCommon }) });
    const { user } = await openSignup();
    await user.type(screen.getByLabelText('Name'), 'Nia');
    await user.type(screen.getByLabelText('Email'), 'nia@shop.test');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(copy.passwordTooCommon),
    );
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).not.toHaveAccessibleDescription();
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('signs up, stores the token and goes home', async () => {
    const { calls } = mockApi({
      'POST /account': { status: 201, body: { token: 'session-token', user: newUser } },
      'PUT /user/:email': { params: { email: 'nia@shop.test' }, body: { token: 'access-token' } },
      'GET /tool': { body: [] },
      'GET /review': { body: [] },
    });
    const { user, router } = await openSignup();
    expect(screen.getByRole('link', { name: 'Please Login' })).toHaveAttribute('href', '/login');
    await user.type(screen.getByLabelText('Name'), 'Nia New');
    await user.type(screen.getByLabelText('Email'), 'nia@shop.test');
    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('access-token');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Nia New',
      email: 'nia@shop.test',
      password: 'secret123',
    });
    expect(await screen.findByRole('heading', { name: copy.homeHeadline })).toBeInTheDocument();
  });

  describe('with a social sign-in provider', () => {
    const google = {
      'GET /auth/providers': {
        body: { oidc: { name: 'Google' }, authorizedOrigins: [window.location.origin] },
      },
    };

    it("says 'Google Popup Closed !' when the popup is closed before finishing", async () => {
      mockApi(google);
      vi.spyOn(window, 'open').mockReturnValue({ closed: true, focus: () => {} } as unknown as Window);
      await openSignup();
      await userEvent.click(await screen.findByRole('button', { name: copy.continueWithGoogle }));
      expect(await screen.findByText(copy.signupPopupClosed, {}, { timeout: 5000 })).toHaveAttribute(
        'role',
        'alert',
      );
    });

    it('shows any other social sign-in error in its own words', async () => {
      mockApi(google);
      vi.spyOn(window, 'open').mockReturnValue({ closed: false, focus: () => {} } as unknown as Window);
      await openSignup();
      await userEvent.click(await screen.findByRole('button', { name: copy.continueWithGoogle }));
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: { type: SOCIAL_SIGN_IN_MESSAGE_TYPE, error: 'access_denied' },
        }),
      );
      expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in was cancelled.');
    });

    it('goes home after a social sign-up, with the token stored', async () => {
      mockApi({
        ...google,
        'POST /session/exchange': { body: { token: 'session-token', user: newUser } },
        'PUT /user/:email': { params: { email: 'nia@shop.test' }, body: { token: 'access-token' } },
        'GET /tool': { body: [] },
        'GET /review': { body: [] },
      });
      vi.spyOn(window, 'open').mockReturnValue({ closed: false, focus: () => {} } as unknown as Window);
      const { router } = await openSignup();
      await userEvent.click(await screen.findByRole('button', { name: copy.continueWithGoogle }));
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: { type: SOCIAL_SIGN_IN_MESSAGE_TYPE, error: null },
        }),
      );
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('access-token');
    });
  });
});
