import { APIError } from 'better-auth/api';
import type { SessionUser } from '@shop/shared/contracts/account';
import type { Role } from '@shop/shared/contracts/users';
import type { Database } from '../../db/client';
import { isAdminAccount } from './actor';
import type { Auth } from './auth';

/**
 * What the account services share: their dependencies, Better Auth's error codes, and the
 * session user every sign-in answers with.
 */
export interface AccountDeps {
  db: Database;
  auth: Auth;
  adminEmails: ReadonlySet<string>;
}

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  role?: string | null;
  emailVerified?: boolean | null;
  twoFactorEnabled?: boolean | null;
}

export function betterAuthCode(error: unknown): string | undefined {
  if (!(error instanceof APIError)) return undefined;
  const body = error.body as { code?: unknown } | undefined;
  return typeof body?.code === 'string' ? body.code : undefined;
}

export function roleOf(user: AuthUser, adminEmails: ReadonlySet<string>): Role {
  const account = { email: user.email, role: user.role, emailVerified: user.emailVerified };
  return isAdminAccount(account, adminEmails) ? 'admin' : 'customer';
}

export function toSessionUser(user: AuthUser, adminEmails: ReadonlySet<string>): SessionUser {
  return {
    _id: user.id,
    displayName: user.name,
    email: user.email,
    role: roleOf(user, adminEmails),
    image: user.image ?? null,
    emailVerified: user.emailVerified === true,
  };
}
