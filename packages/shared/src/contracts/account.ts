import { z } from 'zod';
import { defineRoutes } from '../api/define';
import { displayNameField, emailField, passwordField } from '../fields';
import { roles } from './users';

export const signUpBody = z.strictObject({
  name: displayNameField,
  email: emailField,
  password: passwordField,
});
export type SignUpBody = z.infer<typeof signUpBody>;

export const signInBody = z.strictObject({
  email: emailField,
  password: passwordField,
  /** 'Remember me' unchecked: the session ends within 12 hours (docs/behaviour.md §4.6). */
  rememberMe: z.boolean().optional(),
});
export type SignInBody = z.infer<typeof signInBody>;

export const sessionUserSchema = z.object({
  _id: z.string(),
  displayName: z.string(),
  email: z.string(),
  role: z.enum(roles),
  image: z.string().nullable(),
  /** Whether the account proved it owns its e-mail address (docs/behaviour.md §4.10). */
  emailVerified: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Sign-up and sign-in answer with the bearer token the web app keeps under `accessToken`. */
export const sessionResponse = z.object({ token: z.string(), user: sessionUserSchema });
export type SessionResponse = z.infer<typeof sessionResponse>;

/** Two-factor sign-in is on: no session yet; POST /session/two-factor trades the challenge and a code for one. */
export const twoFactorChallengeResponse = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeResponse>;

export const currentSessionResponse = z.object({ user: sessionUserSchema });
export const signOutResponse = z.object({ success: z.boolean() });

/** Sign-up and sign-in are rate limited, so that guessing passwords or e-mails is slow. */
export const accountRoutes = defineRoutes({
  'POST /account': {
    access: 'public',
    tags: ['account'],
    summary: 'Sign up with name, e-mail and password',
    rateLimit: 'auth',
    body: signUpBody,
    response: { status: 201, schema: sessionResponse },
    errors: [409],
  },
  'POST /session': {
    access: 'public',
    tags: ['account'],
    summary: 'Sign in with e-mail and password (a two-factor challenge when it is on)',
    rateLimit: 'auth',
    body: signInBody,
    response: { status: 200, schema: z.union([sessionResponse, twoFactorChallengeResponse]) },
    errors: [401],
  },
  'GET /session': {
    access: 'signed-in',
    tags: ['account'],
    summary: 'The signed-in account',
    response: { status: 200, schema: currentSessionResponse },
  },
  'DELETE /session': {
    access: 'signed-in',
    tags: ['account'],
    summary: 'Sign out: the token stops working at once',
    response: { status: 200, schema: signOutResponse },
  },
});
