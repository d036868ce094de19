import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@shop/shared/constants';
import { securityCopy } from '@shop/shared/security-copy';
import { mockApi } from '@/test/fetch-mock';
import { aProfile, invalidInput } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { admin, customer, signedInAs } from '@/test/signed-in';

const thisDevice = {
  id: 's1',
  description: 'Chrome on Windows',
  signedInAt: '2026-11-20T09:30:00.000Z',
  isCurrent: true,
};
const phone = {
  id: 's2',
  description: 'Safari on iOS',
  signedInAt: '2026-11-18T18:05:00.000Z',
  isCurrent: false,
};

const security = async () => within(await screen.findByRole('region', { name: 'Security' }));

describe('My Profile: Security', () => {
  it('changes the password, keeping the new token the server answers', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      ...signedInAs(customer),
      'GET /current-user': { query: { email: 'cara@shop.test' }, body: aProfile() },
      'POST /account/password': { body: { token: 'new-token' } },
    });
    renderApp('/dashboard/my-profile');
    const part = await security();
    await user.type(part.getByLabelText('Current password'), 'old-secret');
    await user.type(part.getByLabelText('New password'), 'new-secret-7');
    expect(part.getByLabelText('Sign out my other devices')).toBeChecked();
    await user.click(part.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText(securityCopy.passwordChangedEverywhere)).toBeInTheDocument();
    expect(api.calls.find((call) => call.url === '/api/account/password')?.body).toEqual({
      currentPassword: 'old-secret',
      newPassword: 'new-secret-7',
      signOutOtherDevices: true,
    });
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('new-token');
  });

  it('shows the sign-up rules under the new password, and a wrong current password under that field', async () => {
    const user = userEvent.setup();
    mockApi({
      ...signedInAs(customer),
      'GET /current-user': { query: { email: 'cara@shop.test' }, body: aProfile() },
      'POST /account/password': invalidInput({
        field: 'currentPassword',
        message: securityCopy.currentPasswordWrong,
      }),
    });
    renderApp('/dashboard/my-profile');
    const part = await security();
    await user.click(part.getByRole('button', { name: 'Change password' }));
    expect(await part.findByText(securityCopy.currentPasswordRequired)).toBeInTheDocument();
    expect(part.getByText('Password is required!')).toBeInTheDocument();

    await user.type(part.getByLabelText('Current password'), 'not-it');
    await user.type(part.getByLabelText('New password'), '12345');
    await user.click(part.getByRole('button', { name: 'Change password' }));
    expect(await part.findByText('Must be 6 characters or longer')).toBeInTheDocument();

    await user.type(part.getByLabelText('New password'), '6');
    await user.click(part.getByRole('button', { name: 'Change password' }));
    expect(await part.findByText(securityCopy.currentPasswordWrong)).toBeInTheDocument();
    expect(part.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('lists the devices, this one marked, and signs one other device out', async () => {
    const user = userEvent.setup();
    let devices = [thisDevice, phone];
    mockApi({
      ...signedInAs(customer),
      'GET /current-user': { query: { email: 'cara@shop.test' }, body: aProfile() },
      'GET /account/sessions': { answer: () => ({ body: { sessions: devices } }) },
      'DELETE /account/sessions/:id': {
        params: { id: 's2' },
        answer: () => {
          devices = [thisDevice];
          return { body: { success: true } };
        },
      },
    });
    renderApp('/dashboard/my-profile');
    const list = within(await screen.findByRole('list', { name: 'Signed-in devices' }));
    expect(list.getByText('Chrome on Windows')).toBeInTheDocument();
    expect(list.getByText('This device')).toBeInTheDocument();
    expect(list.getAllByRole('button', { name: /^Sign out/ })).toHaveLength(1);

    await user.click(list.getByRole('button', { name: /^Sign out Safari on iOS/ }));
    expect(await screen.findByText(securityCopy.deviceSignedOut)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
  });

  it("'Sign out everywhere else' signs out every other device", async () => {
    const user = userEvent.setup();
    let devices = [thisDevice, phone];
    const api = mockApi({
      ...signedInAs(customer),
      'GET /current-user': { query: { email: 'cara@shop.test' }, body: aProfile() },
      'GET /account/sessions': { answer: () => ({ body: { sessions: devices } }) },
      'DELETE /account/sessions': {
        answer: () => {
          devices = [thisDevice];
          return { body: { success: true } };
        },
      },
    });
    renderApp('/dashboard/my-profile');
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText(securityCopy.otherDevicesSignedOut)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      '/api/account/sessions',
    ]);
  });

  it('turns two-factor sign-in on: password, QR code and key, a code, then the recovery codes once', async () => {
    const user = userEvent.setup();
    let enabled = false;
    const api = mockApi({
      ...signedInAs(customer),
      'GET /current-user': { query: { email: 'cara@shop.test' }, body: aProfile() },
      'GET /account/two-factor': { answer: () => ({ body: { enabled, required: false } }) },
      'POST /account/two-factor': {
        body: {
          totpUri: 'otpauth://totp/Brushworks:cara%40shop.test?secret=JBSWY3DPEHPK3PXP&issuer=Brushworks',
          secret: 'JBSWY3DPEHPK3PXP',
          recoveryCodes: ['aaaaa-11111', 'bbbbb-22222'],
        },
      },
      'POST /account/two-factor/confirm': {
        answer: ({ body }) => {
          if ((body as { code: string }).code !== '123456') {
            return invalidInput({ field: 'code', message: securityCopy.codeWrong });
          }
          enabled = true;
          return { body: { token: 'token-after-2fa' } };
        },
      },
    });
    renderApp('/dashboard/my-profile');
    const part = await security();
    await user.type(await part.findByLabelText('Your password'), 'my-secret');
    await user.click(part.getByRole('button', { name: 'Turn on two-factor sign-in' }));

    expect(await part.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(part.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(
      api.calls.find((call) => call.method === 'POST' && call.url === '/api/account/two-factor')?.body,
    ).toEqual({
      password: 'my-secret',
    });

    await user.type(part.getByLabelText('Code from the app'), '000000');
    await user.click(part.getByRole('button', { name: 'Confirm' }));
    expect(await part.findByText(securityCopy.codeWrong)).toBeInTheDocument();

    await user.clear(part.getByLabelText('Code from the app'));
    await user.type(part.getByLabelText('Code from the app'), '123456');
    await user.click(part.getByRole('button', { name: 'Confirm' }));
    const codes = await part.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['aaaaa-11111', 'bbbbb-22222']);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBe('token-after-2fa');

    await user.click(part.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(await part.findByRole('button', { name: 'Turn off two-factor sign-in' })).toBeInTheDocument();
    expect(part.queryByText('aaaaa-11111')).not.toBeInTheDocument();
  });

  it('sends an admin who must have two-factor sign-in to its setup before any admin page', async () => {
    mockApi({
      ...signedInAs(admin),
      'GET /current-user': { query: { email: 'ada@shop.test' }, body: aProfile({ email: 'ada@shop.test' }) },
      'GET /account/two-factor': { body: { enabled: false, required: true } },
    });
    const { router } = renderApp('/dashboard/all-users');
    expect(await screen.findByText(securityCopy.twoFactorRequiredForAdmins)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/my-profile');
    expect(router.state.location.hash).toBe('#security');
  });
});
