import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth/minimal';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, genericOAuth, twoFactor } from 'better-auth/plugins';
import type { OidcSettings } from '../../config';
import type { Database } from '../../db/client';
import { accounts, sessions, twoFactors, users, verifications } from './users.table';
import { accountMailOptions, type AccountMail } from './account-mail';
import { isProvenAdminEmail } from './actor';
import { REMEMBERED_SESSION_SECONDS, withSessionLifetime } from './session-lifetime';
import { socialSignInTwoFactor } from './social-two-factor';
import { totpReplayGuard } from './totp-replay';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shop/shared/constants';
import { SOCIAL_PROVIDER_ID, SOCIAL_SIGN_IN_COMPLETE_PATH } from '@shop/shared/social-sign-in';

/** The name authenticator apps show beside the account's e-mail. */
const TOTP_ISSUER = 'Brushworks';

export interface AuthOptions {
  db: Database;
  secret: string;
  baseURL: string;
  adminEmails: ReadonlySet<string>;
  trustedOrigins: string[];
  /** The social sign-in provider; null or absent: e-mail and password only. */
  oidc?: OidcSettings | null;
  /**
   * Called after an account's sessions or the account itself changed (sign-out, a session
   * revoked or refreshed, an update through Better Auth), so that cached sessions are dropped.
   */
  onAccountChanged?: (userId: string) => Promise<void>;
  /** Where Better Auth's own log lines go (the server's logger); the console when absent. */
  log?: (level: 'debug' | 'info' | 'warn' | 'error', message: string, ...details: unknown[]) => void;
  /** Reset, verification and notice mail (account-mail.ts). */
  mail: AccountMail;
}

/**
 * Better Auth holds passwords, sessions and OAuth. Its own HTTP handler is mounted only for the
 * OAuth callback (modules/accounts/social-sign-in.routes.ts): our routes call `auth.api` so that every route
 * keeps our schemas, error codes and rate limits.
 * Sessions live in the database, so sign-out and role changes take effect on the next request.
 */
export function createAuth({
  db,
  secret,
  baseURL,
  adminEmails,
  trustedOrigins,
  oidc,
  onAccountChanged = async () => {},
  log,
  mail,
}: AuthOptions) {
  const accountMail = accountMailOptions(mail);
  return betterAuth({
    secret,
    baseURL,
    basePath: '/api/auth',
    trustedOrigins,
    telemetry: { enabled: false },
    logger: log ? { log } : undefined,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
      },
    }),
    session: {
      // A fixed lifetime from sign-in, never extended, so 'Remember me' unchecked stays <= 12 h.
      expiresIn: REMEMBERED_SESSION_SECONDS,
      disableSessionRefresh: true,
      // Listing one's devices needs no sign-in of the last day; password and two-factor changes
      // ask for the password instead.
      freshAge: 0,
      additionalFields: {
        rememberMe: { type: 'boolean', required: false, input: false, defaultValue: true },
      },
    },
    advanced: { database: { generateId: () => randomUUID() } },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // argon2id from a prebuilt native binding: stronger and faster than the JS default.
      password: {
        hash: (password) => hash(password),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
      ...accountMail.passwordReset,
    },
    emailVerification: accountMail.emailVerification,
    // Reset tokens and OAuth states are looked up by their SHA-256: a leaked table opens no link.
    verification: { storeIdentifier: 'hashed' },
    hooks: { after: accountMail.afterHook },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, input: false, defaultValue: 'customer' },
      },
    },
    databaseHooks: {
      user: {
        // How the first admin exists (docs/behaviour.md §4.1): an ADMIN_EMAILS address becomes an
        // admin once its account has proved the mailbox, not on sign-up, when anyone can type it.
        // A provider that verified the address proves it at creation; our link, on an update.
        create: {
          before: async (user) => ({
            data: { ...user, role: isProvenAdminEmail(user, adminEmails) ? 'admin' : 'customer' },
          }),
        },
        update: {
          after: async (user) => {
            const { role } = user as { role?: unknown };
            if (role !== 'admin' && isProvenAdminEmail(user, adminEmails)) {
              await db
                .update(users)
                .set({ role: 'admin', updatedAt: new Date() })
                .where(eq(users.id, user.id));
            }
            await onAccountChanged(user.id);
          },
        },
      },
      // Every way Better Auth ends or changes a session (sign-out, revoking one, all or the other
      // sessions, an expired session found) goes through these; they run after the commit.
      session: {
        update: { after: (session) => onAccountChanged(session.userId) },
        delete: { after: (session) => onAccountChanged(session.userId) },
        create: { before: async (session, ctx) => ({ data: await withSessionLifetime(session, ctx) }) },
      },
    },
    // Our routes are rate limited by @fastify/rate-limit, which can share counters through Redis.
    rateLimit: { enabled: false },
    account: {
      // Provider tokens are never used after sign-in; stored encrypted all the same.
      encryptOAuthTokens: true,
      // No provider is trusted by name: an external identity joins an existing account only when
      // the provider says its e-mail is verified and the account's own e-mail is verified too
      // (Better Auth's default: whoever signed up with someone else's e-mail, never verified here,
      // cannot capture that person's social sign-in).
      accountLinking: { enabled: true, trustedProviders: [] },
    },
    // OAuth callback failures (bad state, replayed code, refused link ...) land on the page that
    // reports them to the sign-in screen.
    onAPIError: { errorURL: new URL(SOCIAL_SIGN_IN_COMPLETE_PATH, baseURL).toString() },
    plugins: [
      bearer(),
      // TOTP with recovery codes; sign-in then answers a challenge instead of a session.
      twoFactor({ issuer: TOTP_ISSUER }),
      // ... and each TOTP code good once (docs/behaviour.md §4.13).
      totpReplayGuard(db),
      ...(oidc ? [socialProvider(oidc), socialSignInTwoFactor()] : []),
    ],
  });
}

/** One OpenID Connect provider (Google in production): discovery, verified ID tokens, PKCE. */
function socialProvider(oidc: OidcSettings) {
  return genericOAuth({
    config: [
      {
        providerId: SOCIAL_PROVIDER_ID,
        name: oidc.name,
        discoveryUrl: oidc.discoveryUrl,
        clientId: oidc.clientId,
        clientSecret: oidc.clientSecret,
        scopes: ['openid', 'email', 'profile'],
        pkce: true,
        // Accounts are keyed on the ID token's `sub`; never fall back to unverified decoding.
        requireIdTokenVerification: true,
        mapProfileToUser: (profile) => ({
          name:
            typeof profile.name === 'string' && profile.name
              ? profile.name
              : String(profile.email ?? '').split('@')[0],
        }),
      },
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
