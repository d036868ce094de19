import type { BetterAuthOptions } from 'better-auth';

type SessionCreateHook = NonNullable<
  NonNullable<NonNullable<BetterAuthOptions['databaseHooks']>['session']>['create']
>['before'];
/** The endpoint a session is created in (null when none: a server-side call without a request). */
type EndpointContext = Parameters<NonNullable<SessionCreateHook>>[1];

const HOUR_SECONDS = 60 * 60;

/** 'Remember me' checked: the session lasts 30 days from sign-in (docs/behaviour.md §4.6). */
export const REMEMBERED_SESSION_SECONDS = 30 * 24 * HOUR_SECONDS;

/** 'Remember me' unchecked: the browser forgets the token on close, the server after 12 hours. */
const UNREMEMBERED_SESSION_SECONDS = 12 * HOUR_SECONDS;

interface NewSession {
  expiresAt: Date;
  rememberMe?: unknown;
}

/**
 * Whether a session being created is one the user asked not to remember. Better Auth knows it
 * from the sign-in body, from its signed `dont_remember` cookie (the two-factor step of the same
 * sign-in) or, when it replaces a session (turning two-factor on, changing the password), from
 * the session it replaces: that one's choice carries over.
 */
async function isUnremembered(session: NewSession, ctx: EndpointContext): Promise<boolean> {
  if (session.rememberMe === false) return true;
  if (!ctx) return false;
  if ((ctx.body as { rememberMe?: unknown } | undefined)?.rememberMe === false) return true;
  const current = ctx.context.session?.session as { rememberMe?: unknown } | undefined;
  if (current?.rememberMe === false) return true;
  const dontRemember = ctx.context.authCookies.dontRememberToken.name;
  return Boolean(await ctx.getSignedCookie(dontRemember, ctx.context.secret));
}

/**
 * Better Auth gives a not-remembered session one day; ours end within 12 hours, and sessions
 * are never extended (`disableSessionRefresh`), so the end set here is the end.
 */
export async function withSessionLifetime<S extends NewSession>(
  session: S,
  ctx: EndpointContext,
): Promise<S & { rememberMe: boolean }> {
  if (!(await isUnremembered(session, ctx))) return { ...session, rememberMe: true };
  const latest = new Date(Date.now() + UNREMEMBERED_SESSION_SECONDS * 1000);
  const expiresAt = session.expiresAt < latest ? session.expiresAt : latest;
  return { ...session, expiresAt, rememberMe: false };
}
