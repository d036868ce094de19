import type { Page } from 'playwright-core';
import { copy } from '@shop/shared/copy';
import { oidcIssuer } from './context';
import { shown } from './wait';

/** Who logs in at the local provider's form (the API tests' provider; global-setup.ts). */
export interface ProviderLogin {
  email: string;
  name: string;
  /** Whether the provider vouches for the e-mail (the ID token's email_verified). */
  emailVerified: boolean;
}

export const googleButton = (page: Page) => page.getByRole('button', { name: copy.continueWithGoogle });

/** Clicks 'Continue With Google' and answers the popup the click opened. */
export async function openGooglePopup(page: Page): Promise<Page> {
  const [popup] = await Promise.all([page.waitForEvent('popup'), googleButton(page).click()]);
  return popup;
}

/** Resolves when the popup has closed (at once if it already has). */
export const popupClosed = (popup: Page): Promise<unknown> =>
  popup.isClosed() ? Promise.resolve() : popup.waitForEvent('close');

/** Waits for the provider's own login page in the popup: on the provider's origin, not the shop's. */
export async function atProviderLogin(popup: Page): Promise<void> {
  await popup.waitForURL((url) => url.origin === oidcIssuer && url.pathname.startsWith('/interaction/'));
  await shown(popup.getByRole('heading', { level: 1, name: /^Sign in to / }));
}

/** Fills the provider's login form and submits it; resolves once the popup has closed itself. */
export async function logInAtProvider(popup: Page, login: ProviderLogin): Promise<void> {
  await popup.getByLabel('Email', { exact: true }).fill(login.email);
  await popup.getByLabel('Name', { exact: true }).fill(login.name);
  await popup.getByLabel('Email verified', { exact: true }).setChecked(login.emailVerified);
  const closed = popupClosed(popup);
  await popup.getByRole('button', { name: 'Sign in', exact: true }).click();
  await closed;
}
