import { APIError } from 'better-auth/api';
import type { SessionResponse, TwoFactorChallenge } from '@shop/shared/contracts/account';
import { securityCopy } from '@shop/shared/security-copy';
import { AppError } from '../../lib/errors';
import { betterAuthCode, toSessionUser, type AccountDeps } from './account-deps';
import { authHeaders } from './auth-headers';
import { TWO_FACTOR_CHALLENGE_COOKIE } from './two-factor-cookie';
import type { ClientInfo } from '../../lib/request-context';

/**
 * Better Auth keeps a pending two-factor sign-in in two signed cookies: which account passed the
 * password (`two_factor`, ten minutes, five codes) and whether to remember the session
 * (`dont_remember`). Our clients hold bearer tokens, not cookies, so the pair travels as one
 * opaque challenge string and comes back as a Cookie header. The signatures keep it unforgeable.
 */
const CHALLENGE_COOKIE = /^([\w.-]+\.(?:two_factor|dont_remember))=([^;]*)/;
/** One pair as it may come back: cookie-octets only (RFC 6265), or a Cookie header cannot hold it. */
const RETURNED_PAIR = /^[\w.-]+\.(?:two_factor|dont_remember)=[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$/;

export function twoFactorChallenge(headers: Headers): TwoFactorChallenge {
  const pairs = headers
    .getSetCookie()
    .filter((line) => !/;\s*max-age=0\b/i.test(line))
    .map((line) => CHALLENGE_COOKIE.exec(line))
    .filter((match) => match !== null)
    .map(([, name, value]) => `${name}=${value}`);
  const challenge = challengeOf(pairs);
  if (!challenge) throw new AppError('internal', 'Two-factor sign-in did not start');
  return challenge;
}

/**
 * The challenge of a two-factor sign-in pending in a browser's cookies (a social sign-in's
 * callback leaves one, social-two-factor.ts), or null when there is none.
 */
export function twoFactorChallengeInCookies(cookieHeader: string): TwoFactorChallenge | null {
  return challengeOf(
    cookieHeader
      .split(';')
      .map((pair) => pair.trim())
      .filter((pair) => RETURNED_PAIR.test(pair)),
  );
}

function challengeOf(pairs: string[]): TwoFactorChallenge | null {
  if (!pairs.some((pair) => pair.includes(`.${TWO_FACTOR_CHALLENGE_COOKIE}=`))) return null;
  return { twoFactorRequired: true, challenge: Buffer.from(pairs.join('; ')).toString('base64url') };
}

function cookieOf(challenge: string): string {
  const cookie = Buffer.from(challenge, 'base64url').toString('utf8');
  if (!cookie.split('; ').every((pair) => RETURNED_PAIR.test(pair))) {
    throw new AppError('unauthorized', securityCopy.twoFactorChallengeExpired);
  }
  return cookie;
}

const wrongCode = () =>
  new AppError('invalid-input', securityCopy.codeWrong, [{ field: 'code', message: securityCopy.codeWrong }]);

/** A TOTP code is six digits; anything else is tried as a recovery code (xxxxx-xxxxx). */
const isTotpCode = (code: string) => /^\d{6}$/.test(code);

/** Better Auth's refusals of a code, in our words (docs/behaviour.md §4.13). */
export function twoFactorCodeError(error: unknown): AppError | null {
  // A recovery code used by a request racing this one (Better Auth's compare-and-set of the
  // remaining codes lost): it is used, as the table of §4.13 says.
  if (error instanceof APIError && error.statusCode === 409) return wrongCode();
  switch (betterAuthCode(error)) {
    case 'INVALID_CODE':
    case 'INVALID_BACKUP_CODE':
      return wrongCode();
    case 'INVALID_TWO_FACTOR_COOKIE':
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      return new AppError('unauthorized', securityCopy.twoFactorChallengeExpired);
    case 'ACCOUNT_TEMPORARILY_LOCKED':
      return new AppError('rate-limited', securityCopy.twoFactorLocked);
    default:
      return null;
  }
}

/** The second step of sign-in: the challenge and a TOTP or recovery code give the session. */
export async function verifyTwoFactorSignIn(
  deps: AccountDeps,
  { challenge, code }: { challenge: string; code: string },
  client: ClientInfo,
): Promise<SessionResponse> {
  const headers = authHeaders({ client, cookie: cookieOf(challenge) });
  try {
    const result = isTotpCode(code)
      ? await deps.auth.api.verifyTOTP({ body: { code }, headers })
      : await deps.auth.api.verifyBackupCode({ body: { code }, headers });
    if (!result.token) throw new AppError('internal', 'Two-factor sign-in did not open a session');
    return { token: result.token, user: toSessionUser(result.user, deps.adminEmails) };
  } catch (error) {
    throw twoFactorCodeError(error) ?? error;
  }
}
