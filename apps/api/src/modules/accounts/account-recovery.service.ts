import { APIError } from 'better-auth/api';
import { copy } from '@shop/shared/copy';
import type { PasswordResetBody } from '@shop/shared/contracts/account-recovery';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { bearerHeaders } from './accounts.service';
import type { Actor } from '../../lib/request-context';
import type { Auth } from './auth';
import { isCommonPassword } from './common-passwords';
import { claimResetLink } from './reset-links';

interface RecoveryDeps {
  db: Database;
  auth: Auth;
}

const invalidResetLink = () => new AppError('invalid-link', copy.recovery.resetLinkInvalid);

/**
 * Mails a reset link when the address has an account. The answer is the same either way, and
 * the mail is queued, not sent, before it: neither words nor timing tell who has an account.
 */
export async function requestPasswordReset(deps: RecoveryDeps, email: string) {
  await deps.auth.api.requestPasswordReset({ body: { email } });
  return { message: copy.recovery.resetLinkSent };
}

/**
 * Sets the new password (sign-up's rules, docs/behaviour.md §4.4); every session of the account
 * ends, and so does every other link mailed before (§4.9).
 */
export async function resetPassword(deps: RecoveryDeps, { token, password }: PasswordResetBody) {
  if (isCommonPassword(password)) {
    throw new AppError('invalid-input', copy.passwordTooCommon, [
      { field: 'password', message: copy.passwordTooCommon },
    ]);
  }
  if (!(await claimResetLink(deps.db, deps.auth, token))) throw invalidResetLink();
  try {
    await deps.auth.api.resetPassword({ body: { token, newPassword: password } });
  } catch (error) {
    // Unknown, used or expired token (or its account deleted since): one answer for all.
    if (error instanceof APIError && error.statusCode === 400) throw invalidResetLink();
    throw error;
  }
  return { success: true };
}

/** Sends the verification link again, to the signed-in account's own address only. */
export async function resendVerification(deps: RecoveryDeps, actor: Actor) {
  if (actor.emailVerified) throw new AppError('conflict', 'Your e-mail address is already verified');
  await deps.auth.api.sendVerificationEmail({
    body: { email: actor.email },
    headers: bearerHeaders(actor.token),
  });
  return { message: copy.recovery.verificationSent(actor.email) };
}

/** Marks the address verified: the link's signed token names it; no sign-in needed. */
export async function verifyEmail(deps: RecoveryDeps, token: string) {
  try {
    await deps.auth.api.verifyEmail({ query: { token } });
  } catch (error) {
    if (error instanceof APIError) throw new AppError('invalid-link', copy.recovery.verifyLinkInvalid);
    throw error;
  }
  return { success: true };
}
