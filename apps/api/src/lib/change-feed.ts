import { randomUUID } from 'node:crypto';
import pg from 'pg';

type Listener = (payload: string) => void;

/**
 * Tells every instance of the shop that something changed, so that what one process keeps in
 * memory (cached sessions) is dropped everywhere at once: PostgreSQL LISTEN/NOTIFY when several
 * instances share a PostgreSQL, in process on PGlite (one process owns the database).
 */
export interface ChangeFeed {
  /**
   * Tells every subscriber of `topic`, this instance's included; resolves once every running
   * instance has received it, so that the next request anywhere sees the change.
   */
  publish(topic: string, payload: string): Promise<void>;
  /**
   * Calls `fn` with each payload published on `topic` from now on (resolves once listening);
   * answers a function that unsubscribes.
   */
  subscribe(topic: string, fn: Listener): Promise<() => void>;
  /** Calls `fn` when messages may have been missed (the listening connection was lost). */
  onGap(fn: () => void): void;
  close(): Promise<void>;
}

class Subscribers {
  private readonly byTopic = new Map<string, Set<Listener>>();
  private readonly gapListeners: (() => void)[] = [];

  add(topic: string, fn: Listener): { first: boolean; remove: () => void } {
    const set = this.byTopic.get(topic) ?? new Set<Listener>();
    const first = set.size === 0;
    set.add(fn);
    this.byTopic.set(topic, set);
    return { first, remove: () => void set.delete(fn) };
  }

  topics(): string[] {
    return [...this.byTopic.keys()];
  }

  deliver(topic: string, payload: string): void {
    for (const fn of this.byTopic.get(topic) ?? []) fn(payload);
  }

  onGap(fn: () => void): void {
    this.gapListeners.push(fn);
  }

  gap(): void {
    for (const fn of this.gapListeners) fn();
  }
}

/** One process: a publish reaches this process's subscribers before it resolves. */
export function inProcessChangeFeed(): ChangeFeed {
  const subscribers = new Subscribers();
  return {
    publish: async (topic, payload) => subscribers.deliver(topic, payload),
    subscribe: async (topic, fn) => subscribers.add(topic, fn).remove,
    onGap: (fn) => subscribers.onGap(fn),
    close: async () => {},
  };
}

/** How long a publisher waits for the other instances to confirm before it answers anyway. */
const ACK_TIMEOUT_MS = 2000;
const RECONNECT_DELAY_MS = 1000;
/** Instances introduce themselves and confirm messages on this channel. */
const CONTROL = 'change_feed_control';

type Control = { type: 'hello' | 'here' | 'bye'; from: string } | { type: 'ack'; from: string; id: string };

/**
 * LISTEN on one dedicated connection (opened at the first subscribe, reopened after a loss,
 * which is reported as a gap); NOTIFY through the pool. PostgreSQL delivers a notification to
 * each listening connection on its own schedule, so "the others know" needs their word: every
 * instance confirms each message it receives, and a publish resolves once every instance known
 * to be running has confirmed (one that stays silent for ACK_TIMEOUT_MS is taken for gone).
 */
export function postgresChangeFeed(url: string, pool: pg.Pool): ChangeFeed {
  const self = randomUUID();
  const subscribers = new Subscribers();
  const peers = new Set<string>();
  const pending = new Map<string, { waitingFor: Set<string>; done: () => void }>();
  let listener: Promise<pg.Client> | null = null;
  let connections = 0;
  let closed = false;

  const channel = (topic: string) => pg.escapeIdentifier(topic);
  const notify = (topic: string, message: object) =>
    pool.query('SELECT pg_notify($1, $2)', [topic, JSON.stringify(message)]);
  const control = (message: Control) => void notify(CONTROL, message).catch(() => {});

  const confirmed = (id: string, from: string) => {
    const waiting = pending.get(id);
    if (!waiting) return;
    waiting.waitingFor.delete(from);
    if (waiting.waitingFor.size === 0) waiting.done();
  };

  const onControl = (message: Control) => {
    if (message.from === self) return;
    if (message.type === 'bye') {
      peers.delete(message.from);
      for (const id of pending.keys()) confirmed(id, message.from);
      return;
    }
    peers.add(message.from);
    if (message.type === 'hello') control({ type: 'here', from: self });
    if (message.type === 'ack') confirmed(message.id, message.from);
  };

  const onMessage = (topic: string, message: { id: string; from: string; payload: string }) => {
    subscribers.deliver(topic, message.payload);
    if (message.from === self) confirmed(message.id, self);
    else {
      peers.add(message.from);
      control({ type: 'ack', from: self, id: message.id });
    }
  };

  const reconnectLater = () => {
    setTimeout(() => {
      if (closed || listener) return;
      listen().catch(() => {
        listener = null;
        reconnectLater();
      });
    }, RECONNECT_DELAY_MS).unref();
  };

  const connect = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: url });
    let isLost = false;
    const lost = () => {
      if (isLost || closed) return;
      isLost = true;
      listener = null;
      client.end().catch(() => {});
      subscribers.gap();
      reconnectLater();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', ({ channel: topic, payload }) => {
      if (payload === undefined) return;
      if (topic === CONTROL) onControl(JSON.parse(payload) as Control);
      else onMessage(topic, JSON.parse(payload) as { id: string; from: string; payload: string });
    });
    await client.connect();
    for (const topic of [CONTROL, ...subscribers.topics()]) await client.query(`LISTEN ${channel(topic)}`);
    control({ type: 'hello', from: self });
    // Whatever was published while no connection listened is lost: say so.
    if (connections++ > 0) subscribers.gap();
    return client;
  };

  const listen = (): Promise<pg.Client> => {
    listener ??= connect();
    return listener;
  };

  return {
    async publish(topic, payload) {
      const id = randomUUID();
      const waitingFor = new Set(peers);
      if (subscribers.topics().includes(topic)) waitingFor.add(self);
      const allConfirmed = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          // Silent for this long: stopped without a goodbye. It introduces itself again on return.
          for (const peer of waitingFor) if (peer !== self) peers.delete(peer);
          resolve();
        }, ACK_TIMEOUT_MS);
        pending.set(id, {
          waitingFor,
          done: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
      try {
        await notify(topic, { id, from: self, payload });
        if (waitingFor.size > 0) await allConfirmed;
      } finally {
        pending.delete(id);
      }
    },
    async subscribe(topic, fn) {
      const { first, remove } = subscribers.add(topic, fn);
      const client = await listen();
      if (first) await client.query(`LISTEN ${channel(topic)}`);
      return remove;
    },
    onGap: (fn) => subscribers.onGap(fn),
    async close() {
      closed = true;
      const client = await listener?.catch(() => null);
      listener = null;
      if (client) await notify(CONTROL, { type: 'bye', from: self }).catch(() => {});
      await client?.end();
    },
  };
}
