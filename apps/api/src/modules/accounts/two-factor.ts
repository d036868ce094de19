import { securityCopy } from '@shop/shared/security-copy';
import { AppError, conflict } from '../../lib/errors';
import { betterAuthCode, type AccountDeps } from './account-deps';
import type { Actor } from '../../lib/request-context';
import { authHeaders, replacedToken } from './auth-headers';
import { twoFactorCodeError } from './two-factor-sign-in';

const wrongPassword = () =>
  new AppError('invalid-input', securityCopy.currentPasswordWrong, [
    { field: 'password', message: securityCopy.currentPasswordWrong },
  ]);

function refusal(error: unknown): unknown {
  switch (betterAuthCode(error)) {
    case 'INVALID_PASSWORD':
    case 'CREDENTIAL_ACCOUNT_NOT_FOUND':
      return wrongPassword();
    case 'TOTP_ALREADY_ENABLED':
      return conflict(securityCopy.twoFactorAlreadyOn);
    case 'TOTP_NOT_ENABLED':
      return conflict('Start turning two-factor sign-in on first');
    default:
      return twoFactorCodeError(error) ?? error;
  }
}

/**
 * Step one of turning TOTP on (docs/behaviour.md §4.13): Better Auth checks the password and
 * stores a new secret, not yet in force. The recovery codes are shown once the app's first code
 * has confirmed the setup.
 */
export async function startTwoFactorSetup(deps: AccountDeps, actor: Actor, password: string) {
  try {
    const result = await deps.auth.api.enableTwoFactor({
      body: { password, method: 'totp' },
      headers: authHeaders({ token: actor.token }),
    });
    if (result.method !== 'totp') throw new AppError('internal', 'No TOTP secret was made');
    const secret = new URL(result.totpURI).searchParams.get('secret') ?? '';
    return { totpUri: result.totpURI, secret, recoveryCodes: result.backupCodes };
  } catch (error) {
    throw refusal(error);
  }
}

/**
 * Step two: a code from the app turns two-factor sign-in on. Better Auth then replaces the
 * caller's session (the old token stops working): the answer carries the new one.
 */
export async function confirmTwoFactor(deps: AccountDeps, actor: Actor, code: string) {
  try {
    const { headers } = await deps.auth.api.verifyTOTP({
      body: { code },
      headers: authHeaders({ token: actor.token }),
      returnHeaders: true,
    });
    return { token: replacedToken(headers) ?? actor.token };
  } catch (error) {
    throw refusal(error);
  }
}

/** Turns two-factor sign-in off (password required); the session is replaced here too. */
export async function disableTwoFactor(deps: AccountDeps, actor: Actor, password: string) {
  // Better Auth would still replace the session; nothing to turn off is a refusal instead.
  if (!actor.hasTwoFactor) throw conflict(securityCopy.twoFactorAlreadyOff);
  try {
    const { headers } = await deps.auth.api.disableTwoFactor({
      body: { password },
      headers: authHeaders({ token: actor.token }),
      returnHeaders: true,
    });
    return { token: replacedToken(headers) ?? actor.token };
  } catch (error) {
    throw refusal(error);
  }
}
