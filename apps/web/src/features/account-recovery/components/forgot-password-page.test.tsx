import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import { mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

async function ask(email: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: copy.recovery.forgotSubmit }));
}

describe('forgot password page', () => {
  it("opens from the login page's 'Forget Password' link", async () => {
    mockApi({});
    const { router } = renderApp('/login');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Forget Password' }));
    expect(await screen.findByRole('heading', { name: copy.recovery.forgotTitle })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/forgot-password');
  });

  it("sends the typed address and shows the server's one answer in place of the form", async () => {
    const { calls } = mockApi({
      'POST /password-reset': { body: { message: copy.recovery.resetLinkSent } },
    });
    renderApp('/forgot-password');
    await screen.findByRole('heading', { name: copy.recovery.forgotTitle });
    await ask('Cara@Shop.test');
    expect(await screen.findByRole('status')).toHaveTextContent(copy.recovery.resetLinkSent);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ email: 'cara@shop.test' });
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: copy.recovery.backToLogin })).toHaveAttribute('href', '/login');
  });

  it("checks the address with sign-up's messages before asking the server", async () => {
    const { calls } = mockApi({});
    renderApp('/forgot-password');
    await screen.findByRole('heading', { name: copy.recovery.forgotTitle });
    await ask('');
    expect(await screen.findByText(copy.emailRequired)).toBeInTheDocument();
    await ask('cara@shop');
    expect(await screen.findByText(copy.emailInvalid)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('a 429 says when to try again, in the card and as a toast', async () => {
    const message = 'Too many attempts. Try again in 30 seconds.';
    mockApi({
      'POST /password-reset': {
        status: 429,
        body: { code: 'rate-limited', message },
        headers: { 'retry-after': '30' },
      },
    });
    renderApp('/forgot-password');
    await screen.findByRole('heading', { name: copy.recovery.forgotTitle });
    await ask('cara@shop.test');
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });
});
