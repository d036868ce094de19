import { copy } from '@shop/shared/copy';
import { ApiError, errorMessage } from '@/lib/api-client';
import { isSocialSignInError } from '@/lib/auth/social-sign-in';

/** Login errors (docs/behaviour.md §4.4): three known codes get the shop's words, others their own. */
export function loginErrorMessage(error: unknown): string {
  if (isSocialSignInError(error, 'popup-closed-by-user')) return copy.loginPopupClosed;
  if (error instanceof ApiError) {
    if (error.code === 'user-not-found') return copy.userNotFound;
    if (error.code === 'wrong-password') return copy.wrongPassword;
  }
  return errorMessage(error);
}

/** Sign-up errors (docs/behaviour.md §4.4). */
export function signupErrorMessage(error: unknown): string {
  if (isSocialSignInError(error, 'popup-closed-by-user')) return copy.signupPopupClosed;
  if (error instanceof ApiError && error.code === 'email-already-exists') return copy.emailAlreadyExists;
  return errorMessage(error);
}

/**
 * Where to go after login: the page the guard sent the user away from (its location state),
 * else home. Only a path inside this app is followed, and never back to the auth pages.
 */
export function returnPath(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null)?.from;
  const pathname = from?.pathname;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) return '/';
  if (pathname === '/login' || pathname === '/signup') return '/';
  const search = typeof from?.search === 'string' ? from.search : '';
  const hash = typeof from?.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}
