import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@shop/shared/constants';
import { securityCopy } from '@shop/shared/security-copy';
import { mockApi } from '@/test/fetch-mock';
import { invalidInput } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { customer } from '@/test/signed-in';

const home = { 'GET /tool': { body: [] }, 'GET /review': { body: [] } };

async function logIn(user: ReturnType<typeof userEvent.setup>, { remember = true } = {}) {
  await screen.findByRole('heading', { name: 'Login' });
  await user.type(screen.getByLabelText('Email'), 'cara@shop.test');
  await user.type(screen.getByLabelText('Password'), 'secret123');
  if (!remember) await user.click(screen.getByLabelText('Remember me'));
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login: remember me and two-factor sign-in', () => {
  it('Remember me unchecked keeps the token for this browser session only (sessionStorage)', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...home,
      'POST /session': { body: { token: 'session-token', user: customer } },
      'PUT /user/:email': { params: { email: 'cara@shop.test' }, body: { token: 'access-token' } },
    });
    const { router } = renderApp('/login');
    await logIn(user, { remember: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ rememberMe: false });
    expect(sessionStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('access-token');
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('asks for the code when two-factor sign-in is on; a wrong one is refused, the right one signs in', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...home,
      'POST /session': { body: { twoFactorRequired: true, challenge: 'the-challenge' } },
      'POST /session/two-factor': {
        answer: ({ body }) =>
          (body as { code: string }).code === '123456'
            ? { body: { token: 'session-token', user: customer } }
            : invalidInput({ field: 'code', message: securityCopy.codeWrong }),
      },
      'PUT /user/:email': { params: { email: 'cara@shop.test' }, body: { token: 'access-token' } },
    });
    const { router } = renderApp('/login');
    await logIn(user);
    const code = await screen.findByLabelText('Authentication code');
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(securityCopy.codeRequired)).toBeInTheDocument();

    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(securityCopy.codeWrong)).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('access-token');
    expect(calls.filter((call) => call.url === '/api/session/two-factor').at(-1)?.body).toEqual({
      challenge: 'the-challenge',
      code: '123456',
    });
  });
});
