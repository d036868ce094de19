/**
 * The change feed: how one instance tells every instance (itself included) that something it
 * keeps in memory changed in the database, so that each drops its copy. Topics are names such as
 * 'catalogue.tools'; a payload narrows the change down (say, the hash of a signed-out session's
 * token) or is empty. On PostgreSQL it travels by LISTEN/NOTIFY (postgres-change-feed.ts); on
 * the embedded PGlite, which has one process, it stays in the process (localChangeFeed below).
 * Decision 0018 says why the notification is sent after the commit and not inside it.
 */

/**
 * Called with the payload published, or with `null` when messages may have been missed (the
 * feed lost its connection, or has it back): then treat everything under the topic as changed.
 */
export type ChangeListener = (payload: string | null) => void;

export interface ChangeFeed {
  /**
   * Says `topic` changed. Call it after the change is committed. This instance's listeners run
   * at once, before `publish` returns; the other instances' as soon as PostgreSQL delivers the
   * notification. The promise settles when the notification has been sent (it waits while the
   * connection is down, and never rejects): a caller may await it, most need not.
   */
  publish(topic: string, payload?: string): Promise<void>;
  /** Listens to one topic; returns the function that stops listening. */
  subscribe(topic: string, listener: ChangeListener): () => void;
  /**
   * False while the feed cannot hear the other instances (connection lost): a cache must not
   * keep what it reads then, since a change made elsewhere would go unnoticed.
   */
  readonly isLive: boolean;
  close(): Promise<void>;
}

interface FeedLog {
  warn: (fields: object, message: string) => void;
}

/** The listeners of each topic; one that throws is logged and the others still run. */
export class Subscribers {
  readonly #byTopic = new Map<string, Set<ChangeListener>>();

  constructor(private readonly log: FeedLog) {}

  add(topic: string, listener: ChangeListener): () => void {
    let listeners = this.#byTopic.get(topic);
    if (!listeners) this.#byTopic.set(topic, (listeners = new Set()));
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }

  deliver(topic: string, payload: string | null): void {
    for (const listener of this.#byTopic.get(topic) ?? []) {
      try {
        listener(payload);
      } catch (error) {
        this.log.warn({ err: error, topic }, 'a change-feed listener failed');
      }
    }
  }

  /** Every topic: messages may have been missed. */
  deliverMissed(): void {
    for (const topic of this.#byTopic.keys()) this.deliver(topic, null);
  }
}

/** One process, nobody else to tell (PGlite). */
export function localChangeFeed(log: FeedLog): ChangeFeed {
  const subscribers = new Subscribers(log);
  return {
    publish: async (topic, payload = '') => subscribers.deliver(topic, payload),
    subscribe: (topic, listener) => subscribers.add(topic, listener),
    isLive: true,
    close: async () => {},
  };
}
