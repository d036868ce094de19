import { randomUUID } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer } from 'better-auth/plugins';
import type { Database } from '../../db/client';
import { accounts, sessions, users, verifications } from '../users/users.table';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shop/shared/constants';

export interface AuthOptions {
  db: Database;
  secret: string;
  baseURL: string;
  adminEmails: ReadonlySet<string>;
  trustedOrigins: string[];
}

/**
 * Better Auth holds passwords, sessions and (later) OAuth. Its own HTTP handler is not mounted:
 * our routes call `auth.api` so that every route keeps our schemas, error codes and rate limits.
 * Sessions live in the database, so sign-out and role changes take effect on the next request.
 */
export function createAuth({ db, secret, baseURL, adminEmails, trustedOrigins }: AuthOptions) {
  return betterAuth({
    secret,
    baseURL,
    basePath: '/api/auth',
    trustedOrigins,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
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
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, input: false, defaultValue: 'customer' },
      },
    },
    databaseHooks: {
      user: {
        create: {
          // How the first admin exists: an e-mail listed in ADMIN_EMAILS is an admin from sign-up on.
          before: async (user) => ({
            data: { ...user, role: adminEmails.has(user.email.toLowerCase()) ? 'admin' : 'customer' },
          }),
        },
      },
    },
    // Our routes are rate limited by @fastify/rate-limit, which can share counters through Redis.
    rateLimit: { enabled: false },
    plugins: [bearer()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
