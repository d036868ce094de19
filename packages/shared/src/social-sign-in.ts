/**
 * Social sign-in constants that the browser's first chunk may import (no zod here).
 * Request and response schemas are in contracts/social-sign-in.ts.
 */

/** Better Auth's id for our one OpenID Connect provider: `accounts.provider_id`, `/api/auth/callback/oidc`. */
export const SOCIAL_PROVIDER_ID = 'oidc';

/** The web page every provider callback ends on, in the popup or (popup blocked) the whole tab. */
export const SOCIAL_SIGN_IN_COMPLETE_PATH = '/auth/complete';

export const socialSignInModes = ['popup', 'redirect'] as const;
export type SocialSignInMode = (typeof socialSignInModes)[number];
