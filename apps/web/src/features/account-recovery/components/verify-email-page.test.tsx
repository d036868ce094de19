import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import { mockApi, type RouteMocks } from '@/test/fetch-mock';
import { aSessionUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { signedInAs } from '@/test/signed-in';

describe('e-mail verification page', () => {
  it("verifies with the link's token, without sign-in, and says so", async () => {
    const { calls } = mockApi({ 'POST /email-verification/complete': { body: { success: true } } });
    renderApp('/verify-email?token=signed.jwt.token');
    expect(await screen.findByRole('heading', { name: copy.recovery.verifyTitle })).toBeInTheDocument();
    expect(await screen.findByText(copy.recovery.verified)).toHaveAttribute('role', 'status');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ token: 'signed.jwt.token' });
    expect(screen.getByRole('link', { name: copy.recovery.backToLogin })).toHaveAttribute('href', '/login');
  });

  it('a refused link says so', async () => {
    mockApi({
      'POST /email-verification/complete': { status: 400, body: { code: 'invalid-link', message: 'x' } },
    });
    renderApp('/verify-email?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent(copy.recovery.verifyLinkInvalid);
  });

  it("a signed-in user's dashboard banner is gone once the address is verified", async () => {
    let isVerified = false;
    const user = aSessionUser({ emailVerified: false });
    mockApi({
      ...signedInAs(user),
      'GET /session': { answer: () => ({ body: { user: { ...user, emailVerified: isVerified } } }) },
      'POST /email-verification/complete': {
        answer: () => {
          isVerified = true;
          return { body: { success: true } };
        },
      },
    });
    renderApp('/verify-email?token=good');
    await screen.findByText(copy.recovery.verified);
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Go To Dashboard' }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(() => expect(screen.queryByText(copy.recovery.unverifiedBanner)).not.toBeInTheDocument());
  });
});

/** The customer's dashboard lists their open orders (docs/behaviour.md §5.8): none here. */
const noOrders = (email: string): RouteMocks => ({
  'GET /my-order': { query: { email }, body: [] },
});

describe('unverified e-mail banner', () => {
  it("shows on the dashboard while the address is unverified; 'Send Again' mails a new link", async () => {
    const user = aSessionUser({ emailVerified: false });
    const { calls } = mockApi({
      ...signedInAs(user),
      ...noOrders(user.email),
      'POST /email-verification': { body: { message: copy.recovery.verificationSent(user.email) } },
    });
    renderApp('/dashboard');
    expect(await screen.findByText(copy.recovery.unverifiedBanner)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: copy.recovery.sendAgain }));
    expect(await screen.findByText(copy.recovery.verificationSent(user.email))).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/email-verification')).toHaveLength(1);
  });

  it('a 429 on Send Again says when to try again', async () => {
    const user = aSessionUser({ emailVerified: false });
    const message = 'Too many attempts. Try again in 50 seconds.';
    mockApi({
      ...signedInAs(user),
      ...noOrders(user.email),
      'POST /email-verification': { status: 429, body: { code: 'rate-limited', message } },
    });
    renderApp('/dashboard');
    await userEvent.setup().click(await screen.findByRole('button', { name: copy.recovery.sendAgain }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('is not shown once the address is verified', async () => {
    const user = aSessionUser({ emailVerified: true });
    mockApi({ ...signedInAs(user), ...noOrders(user.email) });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Your open orders' });
    expect(screen.queryByText(copy.recovery.unverifiedBanner)).not.toBeInTheDocument();
  });
});
