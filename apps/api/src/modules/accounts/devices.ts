import type { Device } from '@shop/shared/contracts/security';
import { notFound } from '../../lib/errors';
import type { AccountDeps } from './account-deps';
import type { Actor } from '../../lib/request-context';
import { authHeaders } from './auth-headers';
import { describeUserAgent } from './describe-user-agent';

/**
 * The caller's signed-in devices are Better Auth's live sessions. Tokens never leave the server:
 * a device is named by its session id. Signing devices out goes through Better Auth's own calls,
 * so every cache that listens to its hooks forgets them (docs/behaviour.md §4.12).
 */
async function liveSessions(deps: AccountDeps, actor: Actor) {
  return deps.auth.api.listSessions({ headers: authHeaders({ token: actor.token }) });
}

export async function listDevices(deps: AccountDeps, actor: Actor): Promise<Device[]> {
  const sessions = await liveSessions(deps, actor);
  return sessions
    .map((session) => ({
      id: session.id,
      description: describeUserAgent(session.userAgent),
      signedInAt: new Date(session.createdAt).toISOString(),
      isCurrent: session.token === actor.token,
    }))
    .sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent) || b.signedInAt.localeCompare(a.signedInAt));
}

/** Ends one of the caller's sessions; another account's session is unknown here (404). */
export async function signOutDevice(deps: AccountDeps, actor: Actor, id: string): Promise<void> {
  const session = (await liveSessions(deps, actor)).find((candidate) => candidate.id === id);
  if (!session) throw notFound('Device');
  await deps.auth.api.revokeSession({
    body: { token: session.token },
    headers: authHeaders({ token: actor.token }),
  });
}

/** 'Sign out everywhere': every session of the account but the caller's. */
export async function signOutOtherDevices(deps: AccountDeps, actor: Actor): Promise<void> {
  await deps.auth.api.revokeOtherSessions({ headers: authHeaders({ token: actor.token }) });
}
