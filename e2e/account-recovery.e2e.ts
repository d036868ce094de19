import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import { api, apiExpect, newCustomer } from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { hasChromium } from './helpers/context';
import { linkPath, nextMailTo } from './helpers/mail';
import { fieldMessage, profileMenu } from './helpers/ui';
import { atPath, seeToast, shown } from './helpers/wait';

describe.skipIf(!hasChromium)('forgotten passwords and e-mail verification, by mail', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('forgot password: the mail, a new password, every old session out, then signing in with it', async () => {
    const customer = await newCustomer('Rosa');
    const newPassword = `${customer.password}-new`;
    const journey = await startJourney(browser, 'recovery');
    const { page } = journey;

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forget Password' }).click();
    await atPath(page, '/forgot-password');
    await shown(page.getByRole('heading', { level: 1, name: copy.recovery.forgotTitle }));
    await journey.checkScreen('forgot-password');
    await page.getByLabel('Email', { exact: true }).fill(customer.email);
    await page.getByRole('button', { name: copy.recovery.forgotSubmit }).click();
    await shown(page.getByRole('status').filter({ hasText: copy.recovery.resetLinkSent }));
    await journey.checkScreen('forgot-password-sent');

    const resetMail = await nextMailTo(customer.email, 'Reset your');
    const resetLink = linkPath(resetMail, '/reset-password');
    await page.goto(resetLink);
    await shown(page.getByRole('heading', { level: 1, name: copy.recovery.resetTitle }));
    const password = page.getByLabel('New Password', { exact: true });
    const save = page.getByRole('button', { name: copy.recovery.resetSubmit });
    await password.fill('12345');
    await save.click();
    await shown(fieldMessage(page, copy.passwordTooShort));
    await journey.checkScreen('reset-password-errors');

    await password.fill(newPassword);
    await save.click();
    await atPath(page, '/login');
    await shown(page.getByRole('status').filter({ hasText: copy.recovery.passwordChanged }));
    await journey.checkScreen('login-password-changed');
    // The session opened before the reset is over.
    expect((await api('GET /session', { as: customer })).status).toBe(401);
    await nextMailTo(customer.email, 'password was changed');

    await page.getByLabel('Email', { exact: true }).fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await atPath(page, '/');
    await shown(profileMenu(page));

    // The link worked once: opened again, it says so and offers a new one.
    await page.goto(resetLink);
    await page.getByLabel('New Password', { exact: true }).fill(`${newPassword}-again`);
    await page.getByRole('button', { name: copy.recovery.resetSubmit }).click();
    await shown(page.getByRole('alert').filter({ hasText: copy.recovery.resetLinkInvalid }));
    await shown(page.getByRole('link', { name: copy.recovery.askAgain }));
    await journey.checkScreen('reset-password-used-link');
    await journey.close();
  });

  it("verify e-mail: the dashboard's banner, Send Again, and the mail's link, with no sign-in needed", async () => {
    const customer = await newCustomer('Vito');
    const signedIn = await startJourney(browser, 'verify', { token: customer.token });
    const { page } = signedIn;

    await page.goto('/dashboard');
    const banner = page.getByRole('status').filter({ hasText: copy.recovery.unverifiedBanner });
    await shown(banner);
    await signedIn.checkScreen('dashboard-unverified-banner');
    await nextMailTo(customer.email, 'Confirm your e-mail');
    await banner.getByRole('button', { name: copy.recovery.sendAgain }).click();
    await seeToast(page, copy.recovery.verificationSent(customer.email));
    const mail = await nextMailTo(customer.email, 'Confirm your e-mail');

    // The link opens in another browser, signed out.
    const elsewhere = await startJourney(browser, 'verify');
    await elsewhere.page.goto(linkPath(mail, '/verify-email'));
    await shown(elsewhere.page.getByRole('status').filter({ hasText: copy.recovery.verified }));
    await shown(elsewhere.page.getByRole('link', { name: copy.recovery.backToLogin }));
    await elsewhere.checkScreen('verify-email-done');
    await elsewhere.page.goto('/verify-email?token=not-a-real-token');
    await shown(elsewhere.page.getByRole('alert').filter({ hasText: copy.recovery.verifyLinkInvalid }));
    await elsewhere.checkScreen('verify-email-invalid');
    await elsewhere.close();

    const { user } = await apiExpect(200, 'GET /session', { as: customer });
    expect(user.emailVerified).toBe(true);
    await page.reload();
    await shown(page.getByRole('heading', { name: 'Your open orders' }));
    expect(await banner.count()).toBe(0);
    await signedIn.close();
  });
});
