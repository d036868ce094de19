import { z } from 'zod';
import { socialSignInModes } from '../social-sign-in';

/** Which social sign-in provider the shop offers; `oidc: null` hides the button. */
export const socialProvidersResponse = z.object({
  oidc: z.object({ name: z.string() }).nullable(),
  /** The addresses sign-in may run from (spec section 5, unauthorized-domain). */
  authorizedOrigins: z.array(z.string()),
});
export type SocialProvidersResponse = z.infer<typeof socialProvidersResponse>;

export const socialStartQuery = z.strictObject({
  mode: z.enum(socialSignInModes).default('popup'),
  /** A path of this shop to return to after a redirect sign-in. */
  returnTo: z.string().min(1).max(2048).default('/'),
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
