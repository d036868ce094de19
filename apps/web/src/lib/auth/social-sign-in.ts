import { AUTH_POPUP } from '@shop/shared/constants';
import type { SocialSignInMode } from '@shop/shared/social-sign-in';
import { apiUrl } from '../api-client';

/**
 * Social sign-in in a popup (docs/behaviour.md §4.7): the popup runs the provider's sign-in and ends on
 * /auth/complete, which tells this window the outcome with postMessage and closes. The session
 * itself is then fetched by this window (POST /api/session/exchange), so no token ever crosses
 * windows.
 */

/** The popup codes raised here (docs/behaviour.md §4.7), or the provider's own error code. */
export type SocialSignInErrorCode =
  | 'popup-blocked'
  | 'popup-closed-by-user'
  | 'cancelled-popup-request'
  | 'unauthorized-domain'
  | (string & {});

export class SocialSignInError extends Error {
  override name = 'SocialSignInError';
  constructor(
    readonly code: SocialSignInErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isSocialSignInError(
  error: unknown,
  code?: SocialSignInErrorCode,
): error is SocialSignInError {
  return error instanceof SocialSignInError && (code === undefined || error.code === code);
}

/** What /auth/complete posts to its opener: the provider's error code, or null on success. */
interface SocialSignInMessage {
  type: typeof SOCIAL_SIGN_IN_MESSAGE_TYPE;
  error: string | null;
}
export const SOCIAL_SIGN_IN_MESSAGE_TYPE = 'shop:social-sign-in';

function isSocialSignInMessage(data: unknown): data is SocialSignInMessage {
  const message = data as Partial<SocialSignInMessage> | null;
  return (
    typeof message === 'object' &&
    message !== null &&
    message.type === SOCIAL_SIGN_IN_MESSAGE_TYPE &&
    (message.error === null || typeof message.error === 'string')
  );
}

/** Words for the error codes the provider's callback can end with (Better Auth's and RFC 6749's). */
const callbackErrorMessages: Record<string, string> = {
  account_not_linked: 'This e-mail already has an account here. Log in with your e-mail and password.',
  access_denied: 'Sign-in was cancelled.',
  state_mismatch: 'This sign-in expired or was already used. Please try again.',
  invalid_code: 'This sign-in expired or was already used. Please try again.',
  email_not_found: 'The sign-in provider did not share an e-mail address.',
};

export function callbackError(code: string): SocialSignInError {
  return new SocialSignInError(
    code,
    callbackErrorMessages[code] ?? `Sign-in failed (${code}). Please try again.`,
  );
}

/** The domain check: sign-in runs only on an address the shop authorizes (docs/behaviour.md §4.7). */
export function assertAuthorizedDomain(
  authorizedOrigins: readonly string[],
  origin = window.location.origin,
): void {
  if (!authorizedOrigins.includes(origin)) {
    throw new SocialSignInError('unauthorized-domain', `${origin} is not an authorized domain for sign-in.`);
  }
}

const socialStartUrl = (mode: SocialSignInMode, returnTo: string) =>
  apiUrl('GET /auth/social/start', { query: { mode, returnTo } });

const POPUP_NAME = 'shop-social-sign-in';
const CLOSED_POLL_MS = 500;

function popupFeatures(): string {
  const { width, height } = AUTH_POPUP;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  return `popup=yes,width=${width},height=${height},left=${Math.round(left)},top=${Math.round(top)}`;
}

let cancelPending: ((error: SocialSignInError) => void) | null = null;

/**
 * Opens the sign-in popup (500 x 600) and settles when it reports back. Rejects with
 * 'popup-blocked' when the browser refuses the popup, 'cancelled-popup-request' when a newer
 * popup replaces this one, and 'popup-closed-by-user' when the popup is found closed without
 * a report (after a 2-second grace, so a report already on its way still wins; docs/behaviour.md §4.7).
 * window.open runs synchronously, inside the click that called this.
 */
export function openSignInPopup(returnTo: string): Promise<void> {
  cancelPending?.(
    new SocialSignInError('cancelled-popup-request', 'This sign-in was replaced by a newer sign-in popup.'),
  );
  return new Promise<void>((resolve, reject) => {
    const popup = window.open(socialStartUrl('popup', returnTo), POPUP_NAME, popupFeatures());
    if (!popup) {
      reject(new SocialSignInError('popup-blocked', 'The browser blocked the sign-in popup.'));
      return;
    }
    let closedTimer: ReturnType<typeof setTimeout> | undefined;
    const settle = (error?: SocialSignInError) => {
      window.removeEventListener('message', onMessage);
      clearInterval(closedPoll);
      clearTimeout(closedTimer);
      if (cancelPending === settle) cancelPending = null;
      if (error) reject(error);
      else resolve();
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isSocialSignInMessage(event.data)) return;
      settle(event.data.error === null ? undefined : callbackError(event.data.error));
    };
    const closedPoll = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(closedPoll);
      closedTimer = setTimeout(
        () =>
          settle(
            new SocialSignInError('popup-closed-by-user', 'The sign-in popup was closed before finishing.'),
          ),
        AUTH_POPUP.closedCheckDelayMs,
      );
    }, CLOSED_POLL_MS);
    window.addEventListener('message', onMessage);
    cancelPending = settle;
    popup.focus();
  });
}

/** The popup's fallback: the whole tab goes to the provider and comes back to /auth/complete. */
export function startRedirectSignIn(returnTo: string): void {
  window.location.assign(socialStartUrl('redirect', returnTo));
}

/** Whether this window has an opener to report to (not when opened as a tab, or cut off). */
export function hasOpener(): boolean {
  const opener = window.opener as Window | null;
  return Boolean(opener) && opener !== window && !opener?.closed;
}

/** On /auth/complete inside the popup: tells the opener the outcome (the provider's error code or null). */
export function reportToOpener(error: string | null): void {
  const message: SocialSignInMessage = { type: SOCIAL_SIGN_IN_MESSAGE_TYPE, error };
  // Only a window of this same origin may hear it.
  (window.opener as Window | null)?.postMessage(message, window.location.origin);
}
