import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from '../lib/errors';

/**
 * Rate limiting is opt-in per route (`config.rateLimit`): sign-in and sign-up are limited per
 * client. With REDIS_URL the counters are shared by every instance.
 */
export default fp(
  async (app) => {
    const redis = app.config.REDIS_URL
      ? new Redis(app.config.REDIS_URL, { connectTimeout: 2000, maxRetriesPerRequest: 1 })
      : undefined;
    if (redis) app.addHook('onClose', async () => void (await redis.quit()));
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
