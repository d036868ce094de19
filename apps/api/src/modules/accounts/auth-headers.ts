import type { ClientInfo } from '../../lib/request-context';

/**
 * The headers our routes hand to `auth.api.*`: the caller's bearer token, the device that
 * signed in, and any Better Auth cookie a flow carries between two calls (the two-factor step).
 */
export function authHeaders({
  token,
  client,
  cookie,
}: {
  token?: string;
  client?: ClientInfo;
  cookie?: string;
}) {
  const headers = new Headers();
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (client?.userAgent) headers.set('user-agent', client.userAgent);
  // Our own resolved address (TRUST_PROXY applied), not whatever the client claimed.
  if (client) headers.set('x-forwarded-for', client.ip);
  if (cookie) headers.set('cookie', cookie);
  return headers;
}

/**
 * The session token Better Auth's bearer plugin reports after a call that replaced the session
 * (`set-auth-token` holds the signed cookie value: token.signature), or null when none did.
 */
export function replacedToken(headers: Headers): string | null {
  const value = headers.get('set-auth-token');
  if (!value) return null;
  return decodeURIComponent(value).split('.')[0] || null;
}
