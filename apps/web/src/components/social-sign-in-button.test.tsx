import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@shop/shared/constants';
import { copy } from '@shop/shared/copy';
import { Providers } from '@/app/providers';
import { SOCIAL_SIGN_IN_MESSAGE_TYPE } from '@/lib/auth/social-sign-in';
import { mockApi } from '@/test/fetch-mock';
import { aSessionUser } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';
import { SocialSignInButton } from './social-sign-in-button';

const customer = aSessionUser({ _id: 'u9', displayName: 'Sam Social', email: 'sam@painters.test' });
const here = window.location.origin;
const providers = (oidc: { name: string } | null, authorizedOrigins = [here]) => ({
  'GET /auth/providers': { body: { oidc, authorizedOrigins } },
});

function renderButton() {
  const onSuccess = vi.fn();
  const onTwoFactor = vi.fn();
  const onError = vi.fn();
  render(
    <Providers queryClient={createTestQueryClient()}>
      <SocialSignInButton
        returnTo="/purchase/7"
        onSuccess={onSuccess}
        onTwoFactor={onTwoFactor}
        onError={onError}
      />
    </Providers>,
  );
  return { onSuccess, onTwoFactor, onError };
}

describe('the social sign-in button', () => {
  it('stays hidden when the shop has no provider', async () => {
    const { calls } = mockApi(providers(null));
    renderButton();
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("reads 'Continue With Google', or names another provider", async () => {
    mockApi(providers({ name: 'Google' }));
    renderButton();
    expect(await screen.findByRole('button', { name: copy.continueWithGoogle })).toBeInTheDocument();
  });

  it('names a provider other than Google', async () => {
    mockApi(providers({ name: 'Okta' }));
    renderButton();
    expect(await screen.findByRole('button', { name: 'Continue With Okta' })).toBeInTheDocument();
  });

  it('signs in through the popup and stores the token as a password sign-in does', async () => {
    const { calls } = mockApi({
      ...providers({ name: 'Google' }),
      'POST /session/exchange': { body: { token: 'social-token', user: customer } },
      'PUT /user/:email': { params: { email: 'sam@painters.test' }, body: { token: 'social-token' } },
    });
    const open = vi
      .spyOn(window, 'open')
      .mockReturnValue({ closed: false, focus: vi.fn() } as unknown as Window);
    const { onSuccess, onError } = renderButton();
    await userEvent.click(await screen.findByRole('button', { name: copy.continueWithGoogle }));
    expect(open).toHaveBeenCalledWith(
      '/api/auth/social/start?mode=popup&returnTo=%2Fpurchase%2F7',
      expect.any(String),
      expect.stringContaining('width=500,height=600'),
    );
    window.dispatchEvent(
      new MessageEvent('message', { origin: here, data: { type: SOCIAL_SIGN_IN_MESSAGE_TYPE, error: null } }),
    );
    // The account in the web app's names (lib/domain/user.ts).
    await waitFor(() =>
      expect(onSuccess).toHaveBeenCalledWith({
        id: 'u9',
        name: 'Sam Social',
        email: 'sam@painters.test',
        role: 'customer',
        imageUrl: null,
        isEmailVerified: true,
      }),
    );
    expect(onError).not.toHaveBeenCalled();
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('social-token');
    expect(calls.map((call) => call.route)).toContain('PUT /user/:email');
  });

  it("raises 'unauthorized-domain' on an address the shop does not authorize, without a popup", async () => {
    mockApi(providers({ name: 'Google' }, ['https://shop.example']));
    const open = vi.spyOn(window, 'open');
    const { onError } = renderButton();
    await userEvent.click(await screen.findByRole('button', { name: copy.continueWithGoogle }));
    await waitFor(() =>
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'unauthorized-domain' })),
    );
    expect(open).not.toHaveBeenCalled();
  });
});
