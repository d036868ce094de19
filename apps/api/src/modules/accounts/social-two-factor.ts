import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import { TWO_FACTOR_CHALLENGE_COOKIE } from './two-factor-cookie';

/** As long as the challenge of a password sign-in lasts (Better Auth's default, §4.13). */
const CHALLENGE_SECONDS = 10 * 60;

/**
 * Two-factor sign-in holds for social sign-in too (docs/behaviour.md §4.13, §12.16). Better
 * Auth's two-factor plugin challenges only the password sign-in; the provider's callback would
 * open a full session. After the callback, this takes that session back (the row and its
 * cookie) and leaves in its place the pending sign-in the plugin itself leaves after a password:
 * a `two_factor` verification row naming the account, its attempt counter, and the signed
 * cookie pointing at it. POST /session/exchange then answers the same challenge POST /session
 * does, and the code at POST /session/two-factor opens the session. The test of social sign-in
 * with two-factor sign-in on goes the whole way through Better Auth's own check of that state.
 */
export function socialSignInTwoFactor(): BetterAuthPlugin {
  return {
    id: 'social-sign-in-two-factor',
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === '/callback/:id',
          handler: createAuthMiddleware(async (ctx) => {
            const signedIn = ctx.context.newSession;
            const user = signedIn?.user as { id: string; twoFactorEnabled?: boolean | null } | undefined;
            if (!signedIn || user?.twoFactorEnabled !== true) return;
            deleteSessionCookie(ctx);
            await ctx.context.internalAdapter.deleteSession(signedIn.session.token);
            ctx.context.setNewSession(null);

            const identifier = `2fa-${generateRandomString(20)}`;
            const expiresAt = new Date(Date.now() + CHALLENGE_SECONDS * 1000);
            const { internalAdapter } = ctx.context;
            await internalAdapter.createVerificationValue({ value: user.id, identifier, expiresAt });
            await internalAdapter.createVerificationValue({
              value: '0',
              identifier: `2fa-attempts-${identifier}`,
              expiresAt,
            });
            const cookie = ctx.context.createAuthCookie(TWO_FACTOR_CHALLENGE_COOKIE, {
              maxAge: CHALLENGE_SECONDS,
            });
            await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
          }),
        },
      ],
    },
  };
}
