import { z } from 'zod';
import { defineRoutes } from '../api/define';
import { SOCIAL_PROVIDER_ID, SOCIAL_SIGN_IN_COMPLETE_PATH, socialSignInModes } from '../social-sign-in';
import { noControlCharacters } from '../fields';
import { sessionResponse, twoFactorChallengeResponse } from './account';

/** Which social sign-in provider the shop offers; `oidc: null` hides the button. */
export const socialProvidersResponse = z.object({
  oidc: z.object({ name: z.string() }).nullable(),
  /** The addresses sign-in may run from (docs/behaviour.md §4.7). */
  authorizedOrigins: z.array(z.string()),
});
export type SocialProvidersResponse = z.infer<typeof socialProvidersResponse>;

export const socialStartQuery = z.strictObject({
  mode: z.enum(socialSignInModes).default('popup'),
  /** A path of this shop to return to after a redirect sign-in. */
  returnTo: noControlCharacters(z.string().min(1).max(2048)).default('/'),
});
export type SocialStartQuery = z.infer<typeof socialStartQuery>;

/** What the provider sends back (RFC 6749 4.1.2, RFC 9207); providers may add more. */
export const socialCallbackQuery = z
  .object({
    code: z.string(),
    state: z.string(),
    iss: z.string(),
    error: z.string(),
    error_description: z.string(),
  })
  .partial();

/**
 * Social sign-in (OpenID Connect, Google in production): start, the provider's callback (Better
 * Auth's own handler) and the exchange of the callback's cookie for a bearer token.
 */
export const socialSignInRoutes = defineRoutes({
  'GET /auth/providers': {
    access: 'public',
    tags: ['account'],
    summary: 'The social sign-in provider, if any (null hides the button)',
    response: { status: 200, schema: socialProvidersResponse },
  },
  'GET /auth/social/start': {
    access: 'public',
    tags: ['account'],
    summary: "Opened in the sign-in popup (or the tab): redirects to the provider's sign-in page",
    description:
      'Sets the state cookie, then answers 302 to the provider with state, nonce and a PKCE challenge.',
    rateLimit: 'auth',
    query: socialStartQuery,
    response: { status: 302 },
    errors: [403, 404],
  },
  [`GET /auth/callback/${SOCIAL_PROVIDER_ID}`]: {
    access: 'public',
    tags: ['account'],
    summary: "The provider's redirect back (Better Auth checks state, PKCE, nonce and the ID token)",
    description: `Answers 302 to ${SOCIAL_SIGN_IN_COMPLETE_PATH}: with a session cookie on success, with ?error=... otherwise.`,
    rateLimit: 'auth',
    query: socialCallbackQuery,
    response: { status: 302 },
    errors: [404],
  },
  'POST /session/exchange': {
    access: 'public',
    tags: ['account'],
    summary: "Trade the social sign-in's session cookie for a bearer token (same origin only)",
    description:
      'With two-factor sign-in on, the callback opened no session: the answer is the challenge POST /session gives, for POST /session/two-factor.',
    rateLimit: 'auth',
    response: { status: 200, schema: z.union([sessionResponse, twoFactorChallengeResponse]) },
    errors: [401, 403],
  },
});
