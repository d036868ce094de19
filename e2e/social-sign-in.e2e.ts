import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@shop/shared/contracts/account';
import { copy } from '@shop/shared/copy';
import { api, apiExpect, asAdmin, newCustomer, signInByApi, unique } from './helpers/api';
import { launchBrowser, startJourney, type Journey } from './helpers/browser';
import { baseURL, hasChromium } from './helpers/context';
import { linkPath, nextMailTo } from './helpers/mail';
import {
  atProviderLogin,
  googleButton,
  logInAtProvider,
  openGooglePopup,
  popupClosed,
  type ProviderLogin,
} from './helpers/social-sign-in';
import { profileMenu } from './helpers/ui';
import { atPath, exactly, gone, shown } from './helpers/wait';

/** Better Auth's cookie from the provider's callback; the shop trades it for a token and clears it. */
const SESSION_COOKIE = 'better-auth.session_token';

/** A person of this journey's own at the provider. */
function googleUser(firstName: string, emailVerified = true): ProviderLogin {
  const id = unique();
  return {
    email: `${firstName.toLowerCase()}-${id}@social.e2e.test`,
    name: `${firstName} ${id.slice(-6)}`,
    emailVerified,
  };
}

/** After a sign-in: the token is stored, the API knows whose it is, and the Profile menu names them. */
async function expectSignedInAs(journey: Journey, login: ProviderLogin): Promise<SessionUser> {
  const { page } = journey;
  await shown(profileMenu(page));
  const token = await journey.storedToken();
  expect(token, 'accessToken in local storage').toBeTruthy();
  const { user } = await apiExpect(200, 'GET /session', { as: { token: token! } });
  expect(user).toMatchObject({ email: login.email, displayName: login.name, role: 'customer' });

  const profileLink = page.getByRole('link', { name: login.name, exact: true });
  await profileMenu(page).click();
  await shown(profileLink);
  // Closed again, leaving the page as the user had it.
  await profileMenu(page).click();
  await gone(profileLink);

  // Only the bearer token remains: the callback's session cookie was spent and cleared.
  const cookies = await journey.context.cookies(baseURL);
  expect(cookies.map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE);
  return user;
}

describe.skipIf(!hasChromium)('signing in with Google (a local OpenID provider) in a popup', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('sends a visitor from My Orders to login, signs them in at the provider in a popup, and back', async () => {
    const login = googleUser('Gina');
    const journey = await startJourney(browser, 'social');
    const { page } = journey;

    await page.goto('/dashboard/my-orders');
    await atPath(page, '/login');
    await shown(googleButton(page));
    await journey.checkScreen('login-with-google');

    // The popup opens on the provider's own login page; the shop stays on /login behind it.
    const popup = await openGooglePopup(page);
    await atProviderLogin(popup);
    expect(new URL(page.url()).pathname).toBe('/login');
    await logInAtProvider(popup, login);

    // The popup has closed by itself, and the opener is signed in, back where the visitor began.
    await atPath(page, '/dashboard/my-orders');
    await shown(page.getByText('You have not ordered anything yet.'));
    const user = await expectSignedInAs(journey, login);
    const myOrders = await apiExpect(200, 'GET /my-order', {
      as: { token: (await journey.storedToken())! },
      query: { email: login.email },
    });
    expect(myOrders).toEqual([]);
    expect(user._id).toBeTruthy();
    await journey.close();
  });

  it('signs the same provider identity into the same account: again after signing out, and on another device', async () => {
    const login = googleUser('Hugo');

    // First sign-in, from Sign Up: a new account.
    const first = await startJourney(browser, 'social');
    await first.page.goto('/signup');
    const popup = await openGooglePopup(first.page);
    await atProviderLogin(popup);
    await logInAtProvider(popup, login);
    await atPath(first.page, '/');
    const account = await expectSignedInAs(first, login);
    const firstToken = await first.storedToken();

    // Signed out and in again in the same browser: the provider remembers the person, so the
    // popup goes straight back to the shop and closes without asking.
    await profileMenu(first.page).click();
    await first.page.getByRole('button', { name: 'Sign Out' }).click();
    await shown(first.page.getByRole('link', { name: 'Login', exact: true }));
    expect((await api('GET /session', { as: { token: firstToken! } })).status).toBe(401);
    await first.page.goto('/login');
    const remembered = await openGooglePopup(first.page);
    await popupClosed(remembered);
    await atPath(first.page, '/');
    expect((await expectSignedInAs(first, login))._id).toBe(account._id);
    expect(await first.storedToken()).not.toBe(firstToken);
    await first.close();

    // Another device (a fresh browser): the person logs in at the provider again.
    const second = await startJourney(browser, 'social');
    await second.page.goto('/login');
    const again = await openGooglePopup(second.page);
    await atProviderLogin(again);
    await logInAtProvider(again, login);
    await atPath(second.page, '/');
    expect((await expectSignedInAs(second, login))._id).toBe(account._id);
    await second.close();
  });

  it("tells the user the popup was closed, in Login's words and in Sign Up's", async () => {
    const journey = await startJourney(browser, 'social');
    const { page } = journey;

    await page.goto('/login');
    const loginPopup = await openGooglePopup(page);
    await atProviderLogin(loginPopup);
    await loginPopup.close();
    await shown(page.getByRole('alert').filter({ hasText: exactly(copy.loginPopupClosed) }));
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await journey.storedToken()).toBeNull();

    await page.goto('/signup');
    const signupPopup = await openGooglePopup(page);
    await atProviderLogin(signupPopup);
    await signupPopup.close();
    await shown(page.getByRole('alert').filter({ hasText: exactly(copy.signupPopupClosed) }));
    await journey.checkScreen('signup-popup-closed');
    expect(await journey.storedToken()).toBeNull();
    await journey.close();
  });

  it('refuses an unverified e-mail that a password account already has, and leaves that account as it was', async () => {
    const owner = await newCustomer('Paula');
    const journey = await startJourney(browser, 'social');
    const { page } = journey;

    await page.goto('/login');
    const popup = await openGooglePopup(page);
    await atProviderLogin(popup);
    await logInAtProvider(popup, { email: owner.email, name: 'Mallory Lookalike', emailVerified: false });

    await shown(
      page.getByRole('alert').filter({
        hasText: 'This e-mail already has an account here. Log in with your e-mail and password.',
      }),
    );
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await journey.storedToken()).toBeNull();
    await journey.checkScreen('login-google-refused');

    // The password account: still one account with that e-mail, its name and password unchanged.
    const users = await apiExpect(200, 'GET /user', { as: await asAdmin() });
    expect(users.filter((user) => user.email === owner.email)).toEqual([
      expect.objectContaining({ name: owner.name, role: 'customer' }),
    ]);
    const { user } = await apiExpect(200, 'GET /session', { as: owner });
    expect(user).toMatchObject({ email: owner.email, displayName: owner.name });
    expect(await signInByApi(owner.email, owner.password)).toBeTruthy();

    // And its owner logs in with the password, as the message says.
    await page.getByLabel('Email', { exact: true }).fill(owner.email);
    await page.getByLabel('Password', { exact: true }).fill(owner.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await atPath(page, '/');
    await expectSignedInAs(journey, { email: owner.email, name: owner.name, emailVerified: false });
    await journey.close();
  });

  it("joins a password account once its owner verified the address from the shop's mail", async () => {
    const owner = await newCustomer('Vera');
    const verifyMail = await nextMailTo(owner.email, 'Confirm your e-mail');
    const journey = await startJourney(browser, 'social');
    const { page } = journey;
    await page.goto(linkPath(verifyMail, '/verify-email'));
    await shown(page.getByRole('status').filter({ hasText: copy.recovery.verified }));

    await page.goto('/login');
    const popup = await openGooglePopup(page);
    await atProviderLogin(popup);
    await logInAtProvider(popup, { email: owner.email, name: owner.name, emailVerified: true });
    await atPath(page, '/');
    const user = await expectSignedInAs(journey, {
      email: owner.email,
      name: owner.name,
      emailVerified: true,
    });
    const { user: passwordUser } = await apiExpect(200, 'GET /session', { as: owner });
    expect(user._id).toBe(passwordUser._id);
    expect(await signInByApi(owner.email, owner.password)).toBeTruthy();
    await journey.close();
  });
});
