import { z } from 'zod';
import { defineRoutes } from '../api/define';
import { passwordField, text } from '../fields';
import { PASSWORD_MAX_LENGTH } from '../constants';
import { securityCopy } from '../security-copy';
import { sessionResponse } from './account';

/** The password a signed-in user types to prove it is them: required, any length we accept. */
const currentPasswordField = z
  .string({ error: securityCopy.currentPasswordRequired })
  .min(1, securityCopy.currentPasswordRequired)
  .max(PASSWORD_MAX_LENGTH, securityCopy.currentPasswordWrong);

/** A TOTP code (6 digits) or a recovery code (xxxxx-xxxxx); spaces are ignored. */
const codeField = z
  .string({ error: securityCopy.codeRequired })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().min(1, securityCopy.codeRequired).max(32, securityCopy.codeWrong));

export const changePasswordBody = z.strictObject({
  currentPassword: currentPasswordField,
  newPassword: passwordField,
  /** Ends every other session of the account (docs/behaviour.md §4.12). */
  signOutOtherDevices: z.boolean(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** The caller's bearer token after a change that replaces the session (store it instead). */
export const tokenResponse = z.object({ token: z.string() });
const successResponse = z.object({ success: z.boolean() });

export const deviceSchema = z.object({
  id: z.string(),
  /** The browser and system in plain words, e.g. 'Chrome on Windows'. */
  description: z.string(),
  signedInAt: z.iso.datetime(),
  isCurrent: z.boolean(),
});
export type Device = z.infer<typeof deviceSchema>;

export const twoFactorStatusResponse = z.object({
  enabled: z.boolean(),
  /** An admin while ADMIN_REQUIRE_2FA is on: admin routes refuse this account until it is on. */
  required: z.boolean(),
});

export const passwordBody = z.strictObject({ password: currentPasswordField });
export const twoFactorCodeBody = z.strictObject({ code: codeField });
export const twoFactorSignInBody = z.strictObject({ challenge: text({ max: 2000 }), code: codeField });

export const twoFactorSetupResponse = z.object({
  /** The otpauth:// URI the QR code shows. */
  totpUri: z.string(),
  /** The same secret as text, for typing into the app. */
  secret: z.string(),
  /** Shown once the setup is confirmed; each works once instead of a code. */
  recoveryCodes: z.array(z.string()),
});

/** Remember me, changing the password, one's devices and two-factor sign-in (docs/behaviour.md §4.12). */
export const securityRoutes = defineRoutes({
  'POST /session/two-factor': {
    access: 'public',
    tags: ['account'],
    summary: 'Second step of sign-in: the challenge from POST /session and a TOTP or recovery code',
    rateLimit: 'auth',
    body: twoFactorSignInBody,
    response: { status: 200, schema: sessionResponse },
    errors: [429],
  },
  'POST /account/password': {
    access: 'signed-in',
    tags: ['account'],
    summary: 'Change the password (the current one required); optionally sign out every other device',
    rateLimit: 'writes',
    body: changePasswordBody,
    response: { status: 200, schema: tokenResponse },
  },
  'GET /account/sessions': {
    access: 'signed-in',
    tags: ['account'],
    summary: 'The devices signed in to this account, this one marked',
    response: { status: 200, schema: z.object({ sessions: z.array(deviceSchema) }) },
  },
  'DELETE /account/sessions/:id': {
    access: 'signed-in',
    tags: ['account'],
    summary: 'Sign out one device of this account: its token stops working at once',
    rateLimit: 'writes',
    params: z.strictObject({ id: text({ max: 100 }) }),
    response: { status: 200, schema: successResponse },
    errors: [404],
  },
  'DELETE /account/sessions': {
    access: 'signed-in',
    tags: ['account'],
    summary: 'Sign out every other device of this account',
    rateLimit: 'writes',
    response: { status: 200, schema: successResponse },
  },
  'GET /account/two-factor': {
    access: 'signed-in',
    tags: ['account'],
    summary: 'Whether two-factor sign-in is on, and whether admins must have it',
    response: { status: 200, schema: twoFactorStatusResponse },
  },
  'POST /account/two-factor': {
    access: 'signed-in',
    tags: ['account'],
    summary: 'Start turning two-factor sign-in on (password required): the secret and recovery codes',
    rateLimit: 'writes',
    body: passwordBody,
    response: { status: 200, schema: twoFactorSetupResponse },
    errors: [409],
  },
  'POST /account/two-factor/confirm': {
    access: 'signed-in',
    tags: ['account'],
    summary: 'Finish turning two-factor sign-in on with a code from the app; answers the new token',
    rateLimit: 'writes',
    body: twoFactorCodeBody,
    response: { status: 200, schema: tokenResponse },
    errors: [409],
  },
  'POST /account/two-factor/disable': {
    access: 'signed-in',
    tags: ['account'],
    summary: 'Turn two-factor sign-in off (password required); answers the new token',
    rateLimit: 'writes',
    body: passwordBody,
    response: { status: 200, schema: tokenResponse },
    errors: [409],
  },
});
