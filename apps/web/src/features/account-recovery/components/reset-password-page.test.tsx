import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import { mockApi } from '@/test/fetch-mock';
import { invalidInput } from '@/test/fixtures';
import { renderApp } from '@/test/render';

async function choose(password: string) {
  const user = userEvent.setup();
  if (password) await user.type(screen.getByLabelText('New Password'), password);
  await user.click(screen.getByRole('button', { name: copy.recovery.resetSubmit }));
}

describe('choose a new password page', () => {
  it('sends the token of the link with the new password, then asks the user to log in', async () => {
    const { calls } = mockApi({ 'POST /password-reset/complete': { body: { success: true } } });
    const { router } = renderApp('/reset-password?token=tok123');
    await screen.findByRole('heading', { name: copy.recovery.resetTitle });
    expect(screen.getByLabelText('New Password')).toHaveAttribute('type', 'password');
    await choose('fresh-paint-42');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      token: 'tok123',
      password: 'fresh-paint-42',
    });
    expect(await screen.findByRole('status')).toHaveTextContent(copy.recovery.passwordChanged);
  });

  it("keeps sign-up's password rules and messages", async () => {
    const { calls } = mockApi({});
    renderApp('/reset-password?token=tok123');
    await screen.findByRole('heading', { name: copy.recovery.resetTitle });
    await choose('');
    expect(await screen.findByText(copy.passwordRequired)).toBeInTheDocument();
    await choose('12345');
    expect(await screen.findByText(copy.passwordTooShort)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it("shows the server's refusal of the password next to the field", async () => {
    mockApi({
      'POST /password-reset/complete': invalidInput({
        field: 'password',
        message: copy.passwordTooCommon,
      }),
    });
    renderApp('/reset-password?token=tok123');
    await screen.findByRole('heading', { name: copy.recovery.resetTitle });
    await choose('password123');
    await waitFor(() => expect(screen.getAllByText(copy.passwordTooCommon).length).toBeGreaterThan(0));
    expect(screen.getByLabelText('New Password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('a used or expired link says so and offers a new one', async () => {
    mockApi({
      'POST /password-reset/complete': {
        status: 400,
        body: { code: 'invalid-link', message: 'server words' },
      },
    });
    renderApp('/reset-password?token=used');
    await screen.findByRole('heading', { name: copy.recovery.resetTitle });
    await choose('fresh-paint-42');
    expect(await screen.findByRole('alert')).toHaveTextContent(copy.recovery.resetLinkInvalid);
    expect(screen.getByRole('link', { name: copy.recovery.askAgain })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });

  it('a link without its token is refused at once', async () => {
    mockApi({});
    renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(copy.recovery.resetLinkInvalid);
  });
});
