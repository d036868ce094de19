import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from './users.table';
import type { Auth } from './auth';

/**
 * A reset link works only while the password is the one it was mailed for (docs/behaviour.md
 * §4.9): a reset through any link, or a change while signed in, ends every link mailed before.
 * Better Auth keeps each link as its own hashed row with nothing tying the rows of one account
 * together, so the time the password last changed (`users.password_changed_at`) does.
 */

/** The password changed now (signed in): every link mailed before stops working. */
export async function endResetLinks(db: Database, userId: string): Promise<void> {
  await db.update(users).set({ passwordChangedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Takes a link for use: false when it is unknown, expired, or older than the last password
 * change. One conditional UPDATE both checks and moves the mark, so of two links used at once
 * (or one link twice) only the first passes. Taken before Better Auth sets the password: if that
 * then fails, the older links are gone all the same, which only ever refuses more.
 */
export async function claimResetLink(db: Database, auth: Auth, token: string): Promise<boolean> {
  const { internalAdapter } = await auth.$context;
  // Better Auth's own identifier for a reset token (decision 0020); it hashes it to look it up.
  const link = await internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!link || link.expiresAt < new Date()) return false;
  const claimed = await db
    .update(users)
    .set({ passwordChangedAt: new Date() })
    .where(
      and(
        eq(users.id, link.value),
        or(isNull(users.passwordChangedAt), lt(users.passwordChangedAt, link.createdAt)),
      ),
    )
    .returning({ id: users.id });
  return claimed.length === 1;
}
