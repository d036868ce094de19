import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { memoryCounters, redisCounters } from '../lib/counters';
import { AppError } from '../lib/errors';

/**
 * Rate limiting is opt-in per route (`rateLimit` in the route table, lib/add-route.ts): sign-in
 * and sign-up per client by @fastify/rate-limit; the named limits keyed after sign-in (per
 * account, per client, per target e-mail) by `app.counters`. With REDIS_URL every counter is
 * shared by every instance.
 */
export default fp(
  async (app) => {
    const redis = app.config.REDIS_URL
      ? new Redis(app.config.REDIS_URL, { connectTimeout: 2000, maxRetriesPerRequest: 1 })
      : undefined;
    if (redis) app.addHook('onClose', async () => void (await redis.quit()));
    app.decorate('counters', redis ? redisCounters(redis, 'shop-limits:') : memoryCounters());
    await app.register(rateLimit, {
      global: false,
      redis,
      nameSpace: 'shop-rate-limit:',
      errorResponseBuilder: (_request, context) =>
        new AppError('rate-limited', `Too many attempts. Try again in ${context.after}.`),
    });
  },
  { name: 'rate-limit' },
);
