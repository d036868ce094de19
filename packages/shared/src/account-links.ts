/**
 * The web pages the links in account mail open (docs/behaviour.md §4.8). The API writes the links
 * (PUBLIC_URL + path + ?token=), the web app serves the pages: both read them from here.
 */
export const FORGOT_PASSWORD_PATH = '/forgot-password';
export const RESET_PASSWORD_PATH = '/reset-password';
export const VERIFY_EMAIL_PATH = '/verify-email';

/** How long a reset link works (seconds): one hour, and only once. */
export const RESET_LINK_LIFETIME_S = 60 * 60;
/** How long a verification link works (seconds). */
export const VERIFY_LINK_LIFETIME_S = 24 * 60 * 60;
