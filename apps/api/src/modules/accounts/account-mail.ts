import { createAuthMiddleware } from 'better-auth/api';
import {
  FORGOT_PASSWORD_PATH,
  RESET_LINK_LIFETIME_S,
  RESET_PASSWORD_PATH,
  VERIFY_EMAIL_PATH,
  VERIFY_LINK_LIFETIME_S,
} from '@shop/shared/account-links';
import type { Mailer } from '../mail';

export interface AccountMail {
  mailer: Pick<Mailer, 'send'>;
  /** PUBLIC_URL (or the configured local address), never a request's Host header. */
  publicUrl: string;
}

interface MailUser {
  name: string;
  email: string;
  emailVerified?: boolean | null;
}

/**
 * The name to greet with: none for an address that proved nothing (docs/behaviour.md §4.8), as a
 * sign-up can pair someone else's address with a name that reads like a link or an instruction.
 */
const greetingName = (user: MailUser) => (user.emailVerified === true ? user.name : null);

/**
 * Better Auth's own reset and verification flows, with our mail: its tokens (random, single-use
 * and stored hashed for resets; signed and expiring for verification, decision 0020) go into
 * links to our web pages, which call our routes (modules/accounts/account-recovery.routes.ts).
 */
export function accountMailOptions({ mailer, publicUrl }: AccountMail) {
  const link = (page: string, token: string) => `${publicUrl}${page}?token=${encodeURIComponent(token)}`;
  const notifyPasswordChanged = (user: MailUser) =>
    mailer.send('password-changed', user.email, {
      name: greetingName(user),
      resetUrl: `${publicUrl}${FORGOT_PASSWORD_PATH}`,
    });
  return {
    passwordReset: {
      resetPasswordTokenExpiresIn: RESET_LINK_LIFETIME_S,
      // Whoever had the old password (and any session opened with it) is out.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }: { user: MailUser; token: string }) =>
        mailer.send('reset-password', user.email, {
          name: greetingName(user),
          url: link(RESET_PASSWORD_PATH, token),
        }),
      onPasswordReset: async ({ user }: { user: MailUser }) => notifyPasswordChanged(user),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_LINK_LIFETIME_S,
      sendVerificationEmail: async ({ user, token }: { user: MailUser; token: string }) =>
        mailer.send('verify-email', user.email, {
          name: greetingName(user),
          url: link(VERIFY_EMAIL_PATH, token),
        }),
    },
    // A password changed while signed in (change-password; set-password for social accounts):
    // the notice goes to the account's address, whichever route of ours called Better Auth.
    afterHook: createAuthMiddleware(async (ctx) => {
      if (ctx.path !== '/change-password' && ctx.path !== '/set-password') return;
      if (ctx.context.returned instanceof Error) return;
      const user = ctx.context.session?.user;
      if (user) notifyPasswordChanged(user);
    }),
  };
}
