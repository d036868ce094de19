import { describe, expect, it } from 'vitest';
import { SnapshotCache } from '../src/lib/snapshot-cache';

/** A source whose reads the test finishes by hand, counting them. */
function source() {
  let version = 0;
  const pending: Array<() => void> = [];
  return {
    builds: 0,
    change: () => void (version += 1),
    build(this: { builds: number }) {
      this.builds += 1;
      const seen = version;
      return new Promise<number>((resolve) => pending.push(() => resolve(seen)));
    },
    finishAll: async () => {
      while (pending.length > 0) {
        pending.shift()!();
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

describe('a snapshot cache', () => {
  it('many readers at once share one rebuild, and the value is kept until marked stale', async () => {
    const db = source();
    const cache = new SnapshotCache(() => db.build());
    const reads = Array.from({ length: 20 }, () => cache.get());
    await db.finishAll();
    expect(await Promise.all(reads)).toEqual(Array(20).fill(0));
    expect(await cache.get()).toBe(0);
    expect(db.builds).toBe(1);

    db.change();
    cache.invalidate();
    expect(cache.peek()).toBeUndefined();
    const next = cache.get();
    await db.finishAll();
    expect(await next).toBe(1);
    expect(db.builds).toBe(2);
  });

  it('a reader arriving after a change waits for a rebuild that started after it, one at a time', async () => {
    const db = source();
    const cache = new SnapshotCache(() => db.build());
    const early = cache.get(); // reads version 0
    db.change();
    cache.invalidate();
    const late = Array.from({ length: 10 }, () => cache.get());
    expect(db.builds).toBe(1); // the second rebuild waits for the first
    await db.finishAll();
    expect(await early).toBe(0);
    expect(await Promise.all(late)).toEqual(Array(10).fill(1));
    expect(db.builds).toBe(2);
    // The stale rebuild was not kept; the later one was.
    expect(cache.peek()).toBe(1);
  });

  it('keeps nothing while it may not (the change feed is down), and a failed rebuild is retried', async () => {
    let mayKeep = false;
    let builds = 0;
    let fail = true;
    const cache = new SnapshotCache(
      async () => {
        builds += 1;
        if (fail) throw new Error('database gone');
        return builds;
      },
      () => mayKeep,
    );
    await expect(cache.get()).rejects.toThrow('database gone');
    fail = false;
    expect(await cache.get()).toBe(2);
    expect(await cache.get()).toBe(3);
    mayKeep = true;
    expect(await cache.get()).toBe(4);
    expect(await cache.get()).toBe(4);
  });

  it('answers the last value built while a rebuild fails for a reason it may serve stale on, and tries again', async () => {
    let builds = 0;
    let failure: Error | undefined;
    const cache = new SnapshotCache(
      async () => {
        builds += 1;
        if (failure) throw failure;
        return builds;
      },
      () => true,
      (error) => (error as Error).message === 'database out of reach',
    );
    expect(await cache.get()).toBe(1);
    cache.invalidate();
    failure = new Error('database out of reach');
    expect(await cache.get()).toBe(1);
    expect(await cache.get()).toBe(1);
    expect(builds).toBe(3);
    failure = new Error('a bug');
    await expect(cache.get()).rejects.toThrow('a bug');
    failure = undefined;
    expect(await cache.get()).toBe(5);
  });
});
