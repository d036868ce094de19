import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { Subscribers, type ChangeFeed } from './change-feed';

/** The one PostgreSQL channel; the topic travels inside the message. */
const CHANNEL = 'shop_change_feed';
/** How the feed's connection shows in pg_stat_activity. */
export const CHANGE_FEED_APPLICATION_NAME = 'shop-change-feed';
const RECONNECT_DELAYS_MS = [100, 250, 500, 1000, 2000, 5000];

interface Message {
  /** The instance that published it: it has told its own listeners already. */
  from: string;
  topic: string;
  payload: string;
}

interface Pending {
  message: Message;
  sent: Promise<void>;
  markSent: () => void;
}

interface FeedLog {
  info: (fields: object, message: string) => void;
  warn: (fields: object, message: string) => void;
}

/**
 * The change feed across instances (change-feed.ts): one dedicated connection LISTENs, and
 * reconnects with a growing pause when it is cut; listeners hear `null` (maybe missed) when it
 * goes and when it is back. Messages published while it is down wait and go out once it is
 * back. Whatever is published while a send is on its way goes out together in the next one,
 * the same topic and payload once: a burst of orders costs a notification or two, not one each.
 */
export async function openPostgresChangeFeed(url: string, log: FeedLog): Promise<ChangeFeed> {
  const instanceId = randomUUID();
  const subscribers = new Subscribers(log);
  const outbox = new Map<string, Pending>();
  let client: pg.Client | null = null;
  let closed = false;
  let sending = false;
  let failures = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;

  function onNotification({ channel, payload }: pg.Notification): void {
    if (channel !== CHANNEL || !payload) return;
    let message: Message;
    try {
      message = JSON.parse(payload) as Message;
    } catch {
      return;
    }
    if (message.from !== instanceId) subscribers.deliver(message.topic, message.payload);
  }

  function onLost(lost: pg.Client, error?: Error): void {
    if (client !== lost) return;
    client = null;
    lost.end().catch(() => {});
    if (closed) return;
    log.warn({ err: error }, 'change feed: connection lost, reconnecting');
    subscribers.deliverMissed();
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (closed || reconnectTimer) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(failures, RECONNECT_DELAYS_MS.length - 1)]!;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      connect().then(
        () => {
          failures = 0;
          log.info({}, 'change feed: reconnected');
        },
        () => {
          failures += 1;
          scheduleReconnect();
        },
      );
    }, delay);
  }

  async function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: url,
      keepAlive: true,
      application_name: CHANGE_FEED_APPLICATION_NAME,
      // A notification is delivered at commit whether or not the commit has reached the disk,
      // and one lost in a crash is covered by the listeners' 'maybe missed' on reconnect: the
      // feed's commits need not wait for a WAL flush beside every order's own.
      options: '-c synchronous_commit=off',
    });
    next.on('notification', onNotification);
    next.on('error', (error) => onLost(next, error));
    next.on('end', () => onLost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      next.end().catch(() => {});
      throw error;
    }
    if (closed) return void (await next.end());
    client = next;
    // Listening from here on: whatever changed before is read afresh.
    subscribers.deliverMissed();
    void flush();
  }

  /** Sends what waits in the outbox, one batch at a time, until it is empty. */
  async function flush(): Promise<void> {
    if (sending) return;
    sending = true;
    try {
      while (client && outbox.size > 0) {
        const batch = [...outbox.values()];
        outbox.clear();
        try {
          await client.query('SELECT pg_notify($1, message) FROM unnest($2::text[]) AS message', [
            CHANNEL,
            batch.map(({ message }) => JSON.stringify(message)),
          ]);
          for (const pending of batch) pending.markSent();
        } catch {
          // The connection went: these go out again once it is back (connect() flushes).
          for (const pending of batch) requeue(pending);
          break;
        }
      }
    } finally {
      sending = false;
    }
  }

  function requeue(pending: Pending): void {
    const key = keyOf(pending.message);
    const newer = outbox.get(key);
    if (newer) void newer.sent.then(pending.markSent);
    else outbox.set(key, pending);
  }

  await connect();

  return {
    publish(topic, payload = '') {
      subscribers.deliver(topic, payload);
      if (closed) return Promise.resolve();
      const message = { from: instanceId, topic, payload };
      const key = keyOf(message);
      let pending = outbox.get(key);
      if (!pending) {
        let markSent!: () => void;
        const sent = new Promise<void>((resolve) => (markSent = resolve));
        pending = { message, sent, markSent };
        outbox.set(key, pending);
      }
      void flush();
      return pending.sent;
    },
    subscribe: (topic, listener) => subscribers.add(topic, listener),
    get isLive() {
      return client !== null;
    },
    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      const open = client;
      client = null;
      for (const pending of outbox.values()) pending.markSent();
      outbox.clear();
      await open?.end().catch(() => {});
    },
  };
}

function keyOf({ topic, payload }: Message): string {
  return `${topic}\u0000${payload}`;
}
