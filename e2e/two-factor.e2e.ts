import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityCopy } from '@shop/shared/security-copy';
import { sessionOf } from '../apps/api/test/helpers/sign-in';
import { api, apiExpect, newCustomer } from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { hasChromium } from './helpers/context';
import { profileMenu } from './helpers/ui';
import { atPath, gone, seeToast, shown } from './helpers/wait';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** A second device of the account: a sign-in from Firefox on Windows, answering its token. */
async function signInFromAnotherDevice(email: string, password: string): Promise<string> {
  const response = await api('POST /session', {
    body: { email, password },
    headers: { 'user-agent': FIREFOX_WINDOWS },
  });
  expect(response.status).toBe(200);
  return sessionOf(response).token;
}

/**
 * The code an authenticator app shows for the key the setup screen shows, now or `stepsAhead`
 * 30-second steps later: a code is good once (docs/behaviour.md §4.13), and the shop takes the
 * next step's code too.
 */
const codeFor = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

const sessionStatus = async (token: string) => (await api('GET /session', { as: { token } })).status;

const security = (page: Page) => page.getByRole('region', { name: 'Security' });

describe.skipIf(!hasChromium)('sign-in security', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs out another device, changes the password, turns on two-factor sign-in and signs in with a code', async () => {
    const customer = await newCustomer('Tess');
    const firefox = await signInFromAnotherDevice(customer.email, customer.password);
    const journey = await startJourney(browser, 'two-factor', { token: customer.token });
    const { page } = journey;

    await page.goto('/dashboard/my-profile');
    const part = security(page);
    await shown(part.getByRole('heading', { name: 'Security' }));
    const devices = part.getByRole('list', { name: 'Signed-in devices' });
    await shown(devices.getByText('This device'));
    await shown(devices.getByText('Firefox on Windows'));
    await journey.checkScreen('security');

    // Sign out the Firefox device: its token is refused on its next request.
    await devices.getByRole('button', { name: /^Sign out Firefox on Windows/ }).click();
    await seeToast(page, securityCopy.deviceSignedOut);
    await gone(devices.getByText('Firefox on Windows'));
    expect(await sessionStatus(firefox)).toBe(401);

    // Change the password, signing out the other devices; this one carries on with a new token.
    const newPassword = `${customer.password}-new`;
    await part.getByLabel('Current password').fill('not-my-password');
    await part.getByLabel('New password').fill(newPassword);
    await part.getByRole('button', { name: 'Change password' }).click();
    await shown(part.getByText(securityCopy.currentPasswordWrong));
    await journey.checkScreen('change-password-refused');
    await part.getByLabel('Current password').fill(customer.password);
    await part.getByRole('button', { name: 'Change password' }).click();
    await seeToast(page, securityCopy.passwordChangedEverywhere);
    const tokenAfterChange = await journey.storedToken();
    expect(tokenAfterChange).not.toBe(customer.token);
    expect(await sessionStatus(customer.token)).toBe(401);
    expect(await sessionStatus(tokenAfterChange!)).toBe(200);

    // Turn on two-factor sign-in: password, QR code and key, a code computed here, recovery codes.
    await part.getByLabel('Your password').fill(newPassword);
    await part.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
    await shown(part.getByRole('img', { name: 'QR code for your authenticator app' }));
    const secret = (await part.getByLabel('Secret key').innerText()).trim();
    await journey.checkScreen('two-factor-setup');
    await part.getByLabel('Code from the app').fill(codeFor(secret));
    await part.getByRole('button', { name: 'Confirm' }).click();
    const recoveryCodes = part.getByRole('list', { name: 'Recovery codes' });
    await shown(recoveryCodes);
    expect(await recoveryCodes.getByRole('listitem').count()).toBe(10);
    await journey.checkScreen('recovery-codes');
    await part.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await shown(part.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    const status = await apiExpect(200, 'GET /account/two-factor', {
      as: { token: (await journey.storedToken())! },
    });
    expect(status.enabled).toBe(true);

    // Sign out, then in again: the password, then the code.
    await profileMenu(page).click();
    await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
    await atPath(page, '/');
    await shown(page.getByRole('link', { name: 'Login', exact: true }));
    expect(await journey.storedToken()).toBeNull();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const code = page.getByLabel('Authentication code');
    await shown(code);
    expect(await journey.storedToken()).toBeNull();
    const nextCode = codeFor(secret, 1);
    await code.fill('000000' === nextCode ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await shown(page.getByText(securityCopy.codeWrong));
    await journey.checkScreen('two-factor-login');
    // The code that confirmed the setup is spent: the next one signs in.
    await code.fill(codeFor(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await atPath(page, '/');
    await shown(profileMenu(page));
    expect(await sessionStatus((await journey.storedToken())!)).toBe(200);

    await journey.close();
  });
});
