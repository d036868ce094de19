import { createHash } from 'node:crypto';
import type { ChangeFeed } from '../../lib/change-feed';
import type { Actor } from '../../lib/request-context';

/** The change-feed topic naming an account whose sessions or role changed. */
const SESSIONS_CHANGED = 'accounts.sessions';
/** Enough for every signed-in caller of a busy shop; the oldest entry goes first beyond it. */
const MAX_ENTRIES = 20_000;

type CachedActor = Omit<Actor, 'token'>;

export interface SessionCache {
  /**
   * The caller behind a bearer token: from memory while the cached answer is younger than the
   * cache's lifetime and its session has not expired, otherwise from `load` (the database).
   */
  resolve(
    token: string,
    load: () => Promise<{ actor: CachedActor; expiresAt: Date } | null>,
  ): Promise<Actor | null>;
  /**
   * Forgets every cached session of the account here at once and on every other instance as soon
   * as the change feed delivers (sign-out, revoked sessions, a role change).
   */
  forgetAccount(userId: string): Promise<void>;
}

/**
 * Every signed-in request used to read its session and account from the database: on the order
 * path that was one round trip of three. Answers are kept for `ttlMs` at most, keyed by a hash of
 * the token (a heap dump shows no usable token in the keys), and dropped on every instance as
 * soon as the account's sessions or role change (docs/decisions/0019-orders-in-one-round-trip.md).
 * `ttlMs` 0 turns the cache off.
 */
export async function createSessionCache({
  ttlMs,
  feed,
}: {
  ttlMs: number;
  feed: ChangeFeed;
}): Promise<SessionCache> {
  const entries = new Map<string, { actor: CachedActor; until: number }>();
  const keysOfAccount = new Map<string, Set<string>>();
  // Bumped by every drop: an answer read from the database while a drop happened may predate it.
  let drops = 0;

  const dropAccount = (userId: string) => {
    drops++;
    for (const key of keysOfAccount.get(userId) ?? []) entries.delete(key);
    keysOfAccount.delete(userId);
  };
  const dropAll = () => {
    drops++;
    entries.clear();
    keysOfAccount.clear();
  };
  const removeEntry = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysOfAccount.get(entry.actor.id);
    keys?.delete(key);
    if (keys?.size === 0) keysOfAccount.delete(entry.actor.id);
  };
  const remember = (key: string, actor: CachedActor, until: number) => {
    removeEntry(key);
    if (entries.size >= MAX_ENTRIES) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) removeEntry(oldest);
    }
    entries.set(key, { actor, until });
    const keys = keysOfAccount.get(actor.id) ?? new Set<string>();
    keys.add(key);
    keysOfAccount.set(actor.id, keys);
  };

  // A null payload: notices may have been missed (the feed's connection dropped), trust nothing.
  feed.subscribe(SESSIONS_CHANGED, (userId) => (userId === null ? dropAll() : dropAccount(userId)));

  return {
    async resolve(token, load) {
      const key = createHash('sha256').update(token).digest('base64url');
      const hit = entries.get(key);
      if (hit && hit.until > Date.now()) return { ...hit.actor, token };
      if (hit) removeEntry(key);

      const dropsBefore = drops;
      const loaded = await load();
      if (!loaded) return null;
      const until = Math.min(Date.now() + ttlMs, loaded.expiresAt.getTime());
      // While the feed cannot hear the other instances, a sign-out there would go unnoticed.
      if (ttlMs > 0 && drops === dropsBefore && feed.isLive) remember(key, loaded.actor, until);
      return { ...loaded.actor, token };
    },
    async forgetAccount(userId) {
      // The feed runs this instance's listeners before it returns, so the drop here is done at
      // once; the notice to the others is not awaited (it waits while the connection is down).
      void feed.publish(SESSIONS_CHANGED, userId);
    },
  };
}
