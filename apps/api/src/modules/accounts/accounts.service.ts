import { eq } from 'drizzle-orm';
import { copy } from '@shop/shared/copy';
import type {
  SessionResponse,
  SignInBody,
  SignUpBody,
  TwoFactorChallenge,
} from '@shop/shared/contracts/account';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { users } from './users.table';
import type { Actor, ClientInfo } from '../../lib/request-context';
import { betterAuthCode, roleOf, toSessionUser, type AccountDeps, type AuthUser } from './account-deps';
import { authHeaders } from './auth-headers';
import type { SessionCache } from './session-cache';
import { isCommonPassword } from './common-passwords';
import { twoFactorChallenge } from './two-factor-sign-in';

async function emailIsTaken(db: Database, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

/**
 * The shop's messages tell "no such account" from "wrong password" and "e-mail taken"
 * (docs/behaviour.md §12.11, §4.4); docs/decisions/0005-distinct-sign-in-errors.md says why that
 * is acceptable and how the rate limit bounds probing.
 */
export async function signUp(
  deps: AccountDeps,
  body: SignUpBody,
  client?: ClientInfo,
): Promise<SessionResponse> {
  // Beside the six-character rule (§9.3): a password on every attacker's first list is no secret.
  if (isCommonPassword(body.password)) {
    throw new AppError('invalid-input', copy.passwordTooCommon, [
      { field: 'password', message: copy.passwordTooCommon },
    ]);
  }
  if (await emailIsTaken(deps.db, body.email)) {
    throw new AppError('email-already-exists', copy.emailAlreadyExists);
  }
  try {
    const result = await deps.auth.api.signUpEmail({ body, headers: authHeaders({ client }) });
    if (!result.token) throw new AppError('internal', 'Sign-up did not open a session');
    return { token: result.token, user: toSessionUser(result.user, deps.adminEmails) };
  } catch (error) {
    // Two sign-ups racing for one address: the loser hears what a later one would.
    if (betterAuthCode(error)?.startsWith('USER_ALREADY_EXISTS')) {
      throw new AppError('email-already-exists', copy.emailAlreadyExists);
    }
    throw error;
  }
}

/** A session, or a two-factor challenge when the account has two-factor sign-in on (§4.13). */
export async function signIn(
  deps: AccountDeps,
  body: SignInBody,
  client?: ClientInfo,
): Promise<SessionResponse | TwoFactorChallenge> {
  if (!(await emailIsTaken(deps.db, body.email))) {
    throw new AppError('user-not-found', copy.userNotFound);
  }
  try {
    const { headers, response } = await deps.auth.api.signInEmail({
      body,
      headers: authHeaders({ client }),
      returnHeaders: true,
    });
    if ('twoFactorRedirect' in response) return twoFactorChallenge(headers);
    return { token: response.token, user: toSessionUser(response.user, deps.adminEmails) };
  } catch (error) {
    // An account made through social sign-in has no password: that is a wrong password too.
    if (betterAuthCode(error) === 'INVALID_EMAIL_OR_PASSWORD') {
      throw new AppError('wrong-password', copy.wrongPassword);
    }
    throw error;
  }
}

export function bearerHeaders(token: string): Headers {
  return new Headers({ authorization: `Bearer ${token}` });
}

/** Ends the session server-side: the token stops working at once. */
export async function signOut(deps: AccountDeps, token: string): Promise<void> {
  await deps.auth.api.signOut({ headers: bearerHeaders(token) });
}

/**
 * The caller behind a bearer token, or null when the token is unknown, expired or revoked. The
 * session cache answers from memory while it may (session-cache.ts); otherwise Better Auth reads
 * the session and its account.
 */
export async function resolveActor(
  deps: AccountDeps & { sessionCache: SessionCache },
  token: string,
): Promise<Actor | null> {
  return deps.sessionCache.resolve(token, async () => {
    const result = await deps.auth.api.getSession({ headers: bearerHeaders(token) });
    if (!result) return null;
    const user = result.user as AuthUser;
    const role = roleOf(user, deps.adminEmails);
    const actor = {
      id: user.id,
      email: user.email,
      name: user.name,
      image: user.image ?? null,
      role,
      isAdmin: role === 'admin',
      emailVerified: user.emailVerified === true,
      hasTwoFactor: user.twoFactorEnabled === true,
    };
    return { actor, expiresAt: new Date(result.session.expiresAt) };
  });
}
