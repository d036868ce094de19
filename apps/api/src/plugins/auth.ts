import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import fp from 'fastify-plugin';
import { oidcSettings, publicUrlOf } from '../config';
import { createAuth, createSessionCache } from '../modules/accounts';

/**
 * Without AUTH_SECRET (the embedded default), a secret is made once and kept in DATA_DIR so
 * that sessions survive restarts. Several instances must share AUTH_SECRET instead.
 */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.resolve(dataDir, 'auth-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

export default fp(
  async (app) => {
    const { config } = app;
    const baseURL = publicUrlOf(config);
    app.decorate('adminEmails', new Set(config.ADMIN_EMAILS));
    const sessionCache = await createSessionCache({
      ttlMs: config.SESSION_CACHE_TTL_MS,
      feed: app.changeFeed,
    });
    app.decorate('sessionCache', sessionCache);
    app.decorate(
      'auth',
      createAuth({
        db: app.database.db,
        secret: config.AUTH_SECRET ?? loadOrCreateSecret(config.DATA_DIR),
        baseURL,
        adminEmails: app.adminEmails,
        trustedOrigins: [baseURL],
        oidc: oidcSettings(config),
        onAccountChanged: (userId) => sessionCache.forgetAccount(userId),
        log: (level, message, ...details) => app.log[level]({ details }, `Better Auth: ${message}`),
        mail: { mailer: app.mail, publicUrl: baseURL },
      }),
    );
  },
  { name: 'auth', dependencies: ['database', 'mail', 'change-feed'] },
);
