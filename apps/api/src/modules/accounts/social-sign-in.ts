import type { FastifyReply, FastifyRequest } from 'fastify';
import { APIError } from 'better-auth/api';
import type { SessionResponse, TwoFactorChallenge } from '@shop/shared/contracts/account';
import type { SocialStartQuery } from '@shop/shared/contracts/social-sign-in';
import { SOCIAL_PROVIDER_ID, SOCIAL_SIGN_IN_COMPLETE_PATH } from '@shop/shared/social-sign-in';
import { AppError, notFound } from '../../lib/errors';
import { toSessionUser } from './account-deps';
import type { Auth } from './auth';
import { TWO_FACTOR_CHALLENGE_COOKIE } from './two-factor-cookie';
import { twoFactorChallengeInCookies } from './two-factor-sign-in';

export interface SocialSignInDeps {
  auth: Auth;
  adminEmails: ReadonlySet<string>;
  /** The shop's public origin (PUBLIC_URL): the provider's callback and the complete page live there. */
  publicOrigin: string;
  /** Origins that may run sign-in (Better Auth's trustedOrigins). */
  authorizedOrigins: readonly string[];
  isConfigured: boolean;
}

const unauthorizedDomain = (message: string) => new AppError('unauthorized-domain', message);

/**
 * The domain check: sign-in runs only on an authorized address (docs/behaviour.md §4.7). Comparing
 * hosts (not schemes) keeps a TLS-terminating proxy that forgets X-Forwarded-Proto from breaking
 * sign-in.
 */
function assertAuthorizedHost(deps: SocialSignInDeps, host: string): void {
  const hosts = deps.authorizedOrigins.map((origin) => new URL(origin).host);
  if (!hosts.includes(host.toLowerCase())) {
    throw unauthorizedDomain(`${host} is not an authorized domain for sign-in`);
  }
}

/** A path of this shop, from a relative path or an absolute URL on the shop's own origin. */
function toReturnPath(returnTo: string, publicOrigin: string): string {
  let url: URL;
  try {
    url = new URL(returnTo, publicOrigin);
  } catch {
    throw unauthorizedDomain('Sign-in may only return to a page of this shop');
  }
  if (url.origin !== publicOrigin) throw unauthorizedDomain('Sign-in may only return to a page of this shop');
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Starts the provider's authorization-code flow: Better Auth makes the state (kept in the
 * database and bound to this browser by a signed cookie), the PKCE verifier and the ID-token
 * nonce. Answers the provider's URL and the state cookie to forward.
 */
export async function startSocialSignIn(
  deps: SocialSignInDeps,
  query: SocialStartQuery,
  host: string,
): Promise<{ url: string; setCookies: string[] }> {
  if (!deps.isConfigured) throw notFound('Social sign-in');
  assertAuthorizedHost(deps, host);
  const complete = new URL(SOCIAL_SIGN_IN_COMPLETE_PATH, deps.publicOrigin);
  complete.searchParams.set('mode', query.mode);
  complete.searchParams.set('returnTo', toReturnPath(query.returnTo, deps.publicOrigin));
  try {
    const { headers, response } = await deps.auth.api.signInSocial({
      body: {
        provider: SOCIAL_PROVIDER_ID,
        callbackURL: complete.href,
        errorCallbackURL: complete.href,
        disableRedirect: true,
      },
      returnHeaders: true,
    });
    if (!response.url) throw new Error('Better Auth gave no authorization URL');
    return { url: response.url, setCookies: headers.getSetCookie() };
  } catch (error) {
    // The provider's discovery failed at start and again now: it cannot be reached.
    if (error instanceof APIError && error.statusCode === 404) {
      throw new AppError('internal', 'The sign-in provider cannot be reached. Please try again later.');
    }
    throw error;
  }
}

/** Hands the provider's callback to Better Auth's own handler, converting Fastify <-> Fetch. */
export async function forwardToBetterAuth(
  deps: SocialSignInDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'host' || name === 'content-length') continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const response = await deps.auth.handler(
    new Request(new URL(request.url, deps.publicOrigin), { method: request.method, headers }),
  );
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  });
  const setCookies = response.headers.getSetCookie();
  if (setCookies.length > 0) reply.header('set-cookie', setCookies);
  const body = Buffer.from(await response.arrayBuffer());
  return reply.send(body.length > 0 ? body : undefined);
}

/**
 * The provider's callback left a Better Auth session cookie in this browser; trade it for the
 * bearer token the web app keeps under `accessToken`, exactly as a password sign-in answers,
 * and clear the cookie: the API reads bearer tokens only. An account with two-factor sign-in on
 * got no session from the callback but a pending two-factor sign-in (social-two-factor.ts):
 * that is answered as POST /session answers it, a challenge for POST /session/two-factor
 * (docs/behaviour.md §4.13). Same-origin callers only.
 */
export async function exchangeSocialSession(
  deps: SocialSignInDeps,
  headers: { origin?: string; cookie?: string },
): Promise<{ answer: SessionResponse | TwoFactorChallenge; clearCookies: string[] }> {
  if (!headers.origin || !deps.authorizedOrigins.includes(headers.origin)) {
    throw unauthorizedDomain('Sign-in may only be completed from this shop');
  }
  const result = headers.cookie
    ? await deps.auth.api.getSession({ headers: new Headers({ cookie: headers.cookie }) })
    : null;
  const answer = result
    ? { token: result.session.token, user: toSessionUser(result.user, deps.adminEmails) }
    : headers.cookie && twoFactorChallengeInCookies(headers.cookie);
  if (!answer) throw new AppError('unauthorized', 'No social sign-in to complete. Please try again.');
  const context = await deps.auth.$context;
  return {
    answer,
    // Both go: the challenge now travels in the answer, as after a password.
    clearCookies: [
      expiredCookie(context.authCookies.sessionToken),
      expiredCookie(context.createAuthCookie(TWO_FACTOR_CHALLENGE_COOKIE)),
    ],
  };
}

function expiredCookie({
  name,
  attributes,
}: {
  name: string;
  attributes: { path?: string; secure?: boolean };
}) {
  const parts = [`${name}=`, 'Max-Age=0', `Path=${attributes.path ?? '/'}`, 'HttpOnly', 'SameSite=Lax'];
  if (attributes.secure) parts.push('Secure');
  return parts.join('; ');
}
