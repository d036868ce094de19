import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import { api, apiExpect, unique } from './helpers/api';
import { launchBrowser, startJourney } from './helpers/browser';
import { hasChromium } from './helpers/context';
import { fieldMessage, mainNav, profileMenu } from './helpers/ui';
import { atPath, shown } from './helpers/wait';

describe.skipIf(!hasChromium)('signing up, out and in', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('signs up, signs out and signs in, meeting every message of sections 5 and 8 on the way', async () => {
    const id = unique();
    const user = { name: `Sam ${id.slice(-6)}`, email: `sam-${id}@e2e.test`, password: `pw-${id}` };
    const journey = await startJourney(browser, 'auth');
    const { page } = journey;
    const email = page.getByLabel('Email', { exact: true });
    const password = page.getByLabel('Password', { exact: true });

    // Sign up: the required messages, then the format ones.
    await page.goto('/signup');
    await shown(page.getByRole('heading', { level: 1, name: 'Sign Up' }));
    const signUp = page.getByRole('button', { name: 'Sign Up', exact: true });
    await signUp.click();
    await shown(fieldMessage(page, copy.nameRequired));
    await shown(fieldMessage(page, copy.emailRequired));
    await shown(fieldMessage(page, copy.passwordRequired));
    await journey.checkScreen('signup-errors');

    await page.getByLabel('Name', { exact: true }).fill(user.name);
    await email.fill('not-an-email');
    await password.fill('12345');
    await signUp.click();
    await shown(fieldMessage(page, copy.emailInvalid));
    await shown(fieldMessage(page, copy.passwordTooShort));
    expect(await fieldMessage(page, copy.nameRequired).count()).toBe(0);

    await email.fill(user.email);
    await password.fill(user.password);
    await signUp.click();

    // Home, signed in: the token is under accessToken and the API knows whose it is.
    await atPath(page, '/');
    await shown(profileMenu(page));
    await shown(mainNav(page).getByRole('link', { name: 'Dashboard' }));
    const firstToken = await journey.storedToken();
    expect(firstToken).toBeTruthy();
    const session = await apiExpect(200, 'GET /session', { as: { token: firstToken! } });
    expect(session.user).toMatchObject({ email: user.email, displayName: user.name });

    // Sign out from the Profile menu, which shows the display name.
    await profileMenu(page).click();
    await shown(page.getByRole('link', { name: user.name }));
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await shown(page.getByRole('link', { name: 'Login', exact: true }));
    await atPath(page, '/');
    expect(await journey.storedToken()).toBeNull();
    expect((await api('GET /session', { as: { token: firstToken! } })).status).toBe(401);

    // The same e-mail cannot sign up twice.
    await page.goto('/signup');
    await page.getByLabel('Name', { exact: true }).fill(user.name);
    await email.fill(user.email);
    await password.fill(user.password);
    await signUp.click();
    await shown(page.getByRole('alert').filter({ hasText: copy.emailAlreadyExists }));

    // Login: required, format, unknown user, wrong password.
    await page.getByRole('link', { name: 'Please Login' }).click();
    await atPath(page, '/login');
    const login = page.getByRole('button', { name: 'Login', exact: true });
    await login.click();
    await shown(fieldMessage(page, copy.emailRequired));
    await shown(fieldMessage(page, copy.passwordRequired));
    await journey.checkScreen('login-errors');

    await email.fill('sam@nowhere');
    await password.fill('123');
    await login.click();
    await shown(fieldMessage(page, copy.emailInvalid));
    await shown(fieldMessage(page, copy.passwordTooShort));

    await email.fill(`nobody-${id}@e2e.test`);
    await password.fill(user.password);
    await login.click();
    await shown(page.getByRole('alert').filter({ hasText: copy.userNotFound }));

    await email.fill(user.email);
    await password.fill(`${user.password}-wrong`);
    await login.click();
    await shown(page.getByRole('alert').filter({ hasText: copy.wrongPassword }));
    expect(await journey.storedToken()).toBeNull();

    await password.fill(user.password);
    await login.click();
    await atPath(page, '/');
    await shown(profileMenu(page));
    const secondToken = await journey.storedToken();
    expect(secondToken).toBeTruthy();
    expect(secondToken).not.toBe(firstToken);
    const again = await apiExpect(200, 'GET /session', { as: { token: secondToken! } });
    expect(again.user.email).toBe(user.email);

    // The link between the two screens.
    await page.goto('/login');
    await page.getByRole('link', { name: 'Create New Account' }).click();
    await atPath(page, '/signup');
    await journey.close();
  });
});
