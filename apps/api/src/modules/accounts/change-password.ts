import { copy } from '@shop/shared/copy';
import type { ChangePasswordBody } from '@shop/shared/contracts/security';
import { securityCopy } from '@shop/shared/security-copy';
import { AppError } from '../../lib/errors';
import { betterAuthCode, type AccountDeps } from './account-deps';
import type { Actor } from '../../lib/request-context';
import { authHeaders } from './auth-headers';
import { isCommonPassword } from './common-passwords';
import { endResetLinks } from './reset-links';

const refused = (field: string, message: string) =>
  new AppError('invalid-input', message, [{ field, message }]);

/**
 * Changes the caller's password through Better Auth, which checks the current one. Signing out
 * the other devices replaces the caller's session too: the answer is the token to keep. Reset
 * links mailed before stop working.
 * A wrong current password is a 400 on its field, not a 401, which would sign the caller out.
 */
export async function changePassword(
  deps: AccountDeps,
  actor: Actor,
  body: ChangePasswordBody,
): Promise<{ token: string }> {
  if (isCommonPassword(body.newPassword)) throw refused('newPassword', copy.passwordTooCommon);
  try {
    const result = await deps.auth.api.changePassword({
      body: {
        currentPassword: body.currentPassword,
        newPassword: body.newPassword,
        revokeOtherSessions: body.signOutOtherDevices,
      },
      headers: authHeaders({ token: actor.token }),
    });
    // Reset links mailed for the old password stop working (docs/behaviour.md §4.9).
    await endResetLinks(deps.db, actor.id);
    return { token: result.token ?? actor.token };
  } catch (error) {
    const code = betterAuthCode(error);
    // An account made through social sign-in has no password to change.
    if (code === 'INVALID_PASSWORD' || code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') {
      throw refused('currentPassword', securityCopy.currentPasswordWrong);
    }
    throw error;
  }
}
