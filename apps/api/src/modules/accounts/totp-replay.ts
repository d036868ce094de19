import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import { TWO_FACTOR_ERROR_CODES } from 'better-auth/plugins';
import type { Database } from '../../db/client';
import { twoFactors } from './users.table';
import { readBearerToken } from './actor';
import { totpStepOf } from './totp-step';
import { TWO_FACTOR_CHALLENGE_COOKIE } from './two-factor-cookie';

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * The account a code is being checked for, as Better Auth's verify-totp finds it: the signed-in
 * caller (confirming the setup; our routes send the bearer token) or the pending sign-in's
 * signed challenge cookie. Null when neither names one: Better Auth then refuses the call.
 */
async function accountOf(ctx: HookContext): Promise<string | null> {
  const token = readBearerToken(ctx.headers?.get('authorization') ?? undefined)?.split('.')[0];
  if (token) return (await ctx.context.internalAdapter.findSession(token))?.user.id ?? null;
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_CHALLENGE_COOKIE);
  const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!challenge) return null;
  return (await ctx.context.internalAdapter.findVerificationValue(challenge))?.value ?? null;
}

/**
 * A TOTP code is good once (docs/behaviour.md §4.13): Better Auth accepts any code of the
 * current step or the one on either side, as often as it is sent. Before it checks a code, this
 * moves the account's last accepted step forward with one conditional UPDATE; a code of that
 * step or an earlier one changes no row and is refused as a wrong code. Being one statement on
 * the shared database, it holds for requests racing on one instance or on several. Every TOTP
 * check goes through Better Auth's verify-totp (sign-in, and confirming the setup; turning it off
 * takes the password), so this is the one place. Recovery codes are single-use in Better Auth
 * already (a compare-and-set of the remaining list).
 */
export function totpReplayGuard(db: Database): BetterAuthPlugin {
  return {
    id: 'totp-replay-guard',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/two-factor/verify-totp',
          handler: createAuthMiddleware(async (ctx) => {
            const code = (ctx.body as { code?: unknown } | undefined)?.code;
            if (typeof code !== 'string') return;
            const userId = await accountOf(ctx);
            if (!userId) return;
            const [row] = await db
              .select({ secret: twoFactors.secret })
              .from(twoFactors)
              .where(eq(twoFactors.userId, userId));
            if (!row) return;
            // Secrets here are all made by Better Auth's enableTwoFactor: plain, not base32.
            const secret = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
            const step = totpStepOf(secret, code);
            // A code of no step now: Better Auth refuses it and counts the failure itself.
            if (step === null) return;
            const claimed = await db
              .update(twoFactors)
              .set({ lastTotpStep: step })
              .where(
                and(
                  eq(twoFactors.userId, userId),
                  or(isNull(twoFactors.lastTotpStep), lt(twoFactors.lastTotpStep, step)),
                ),
              )
              .returning({ id: twoFactors.id });
            if (claimed.length === 0)
              throw APIError.from('UNAUTHORIZED', TWO_FACTOR_ERROR_CODES.INVALID_CODE);
          }),
        },
      ],
    },
  };
}
