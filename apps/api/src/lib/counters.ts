import type { Redis } from 'ioredis';

/** A fixed-window counter: how many hits a key has in its current window, and when it ends. */
export interface Counters {
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
}

// INCR and the first PEXPIRE in one step, so a key never outlives its window (or lives forever).
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

/** Shared by every instance (REDIS_URL), as @fastify/rate-limit's own counters are. */
export function redisCounters(redis: Redis, prefix: string): Counters {
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, `${prefix}${key}`, windowMs)) as [number, number];
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
  };
}

/** One process's counters; expired windows are dropped as the map is used. */
export function memoryCounters(): Counters {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      if (now >= nextSweep) {
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
        nextSweep = now + 60_000;
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetInMs: window.resetAt - now };
    },
  };
}
