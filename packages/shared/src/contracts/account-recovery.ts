import { z } from 'zod';
import { defineRoutes } from '../api/define';
import { emailField, passwordField, text } from '../fields';

/** The random token of a link in a mail (the reset link's, or the verification link's signed one). */
const linkToken = text({ max: 2000 }).min(1, 'The link is incomplete');

export const passwordResetRequestBody = z.strictObject({ email: emailField });
export const passwordResetBody = z.strictObject({ token: linkToken, password: passwordField });
export type PasswordResetBody = z.infer<typeof passwordResetBody>;
export const emailVerificationBody = z.strictObject({ token: linkToken });

/** The same words whether or not the address has an account: no account enumeration. */
export const messageResponse = z.object({ message: z.string() });
export const successResponse = z.object({ success: z.boolean() });

/**
 * Forgotten passwords and e-mail verification (docs/behaviour.md §4.8). The two routes that send
 * mail are limited per client and per address (the address typed, or the signed-in account's).
 */
export const accountRecoveryRoutes = defineRoutes({
  'POST /password-reset': {
    access: 'public',
    tags: ['account'],
    summary: 'Mail a single-use link to choose a new password (same answer for unknown addresses)',
    rateLimit: 'auth',
    body: passwordResetRequestBody,
    response: { status: 200, schema: messageResponse },
  },
  'POST /password-reset/complete': {
    access: 'public',
    tags: ['account'],
    summary: "Set a new password with the reset link's token; every session of the account ends",
    rateLimit: 'auth',
    body: passwordResetBody,
    response: { status: 200, schema: successResponse },
  },
  'POST /email-verification': {
    access: 'signed-in',
    tags: ['account'],
    summary: "Mail the signed-in account's verification link again",
    rateLimit: 'auth',
    response: { status: 200, schema: messageResponse },
    errors: [409],
  },
  'POST /email-verification/complete': {
    access: 'public',
    tags: ['account'],
    summary: "Verify an e-mail address with the verification link's token (no sign-in needed)",
    rateLimit: 'auth',
    body: emailVerificationBody,
    response: { status: 200, schema: successResponse },
  },
});
