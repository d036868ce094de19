import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { RouteSpec } from '@shop/shared/api/define';
import { AppError } from './errors';

type LimitName = NonNullable<RouteSpec['rateLimit']>;

interface LimitHooks {
  /** @fastify/rate-limit's per-route settings (per client address). */
  rateLimit?: { max: number; timeWindow: number };
  /** After sign-in is checked (onRequest), before the body is validated: bad input counts too. */
  preValidation?: preHandlerAsyncHookHandler;
  /** After validation, when the limit keys on a field of the body. */
  preHandler?: preHandlerAsyncHookHandler;
}

/**
 * The hooks of each named limit of the route table (README: Configuration). Each key is a
 * fixed window in `app.counters`; the first one over its limit answers 429 with Retry-After.
 */
export function limitHooks(app: FastifyInstance, name: LimitName): LimitHooks {
  const { config } = app;
  const check = async (reply: FastifyReply, key: string, max: number, windowMs: number) => {
    const { count, resetInMs } = await app.counters.hit(key, windowMs);
    if (count <= max) return;
    const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
    reply.header('retry-after', String(seconds));
    throw new AppError('rate-limited', `Too many attempts. Try again in ${seconds} seconds.`);
  };
  // Writes: per client, whatever the account, and per account (after sign-in is checked).
  const writesCheck = async (request: FastifyRequest, reply: FastifyReply) => {
    const window = config.WRITE_RATE_LIMIT_WINDOW_MS;
    await check(reply, `writes:ip:${request.ip}`, config.WRITE_RATE_LIMIT_IP_MAX, window);
    if (request.actor) {
      await check(reply, `writes:user:${request.actor.id}`, config.WRITE_RATE_LIMIT_MAX, window);
    }
  };
  // A kind of write with a limit of its own per account, checked after the writes' limits:
  // one account may post a few reviews in ten minutes, however many other writes it may make.
  const kindOfWrite = (kind: string, max: number, windowMs: number): LimitHooks => ({
    preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
      await writesCheck(request, reply);
      if (request.actor) await check(reply, `${kind}:user:${request.actor.id}`, max, windowMs);
    },
  });
  switch (name) {
    case 'auth':
      return {
        rateLimit: { max: config.AUTH_RATE_LIMIT_MAX, timeWindow: config.AUTH_RATE_LIMIT_WINDOW_MS },
        // Many clients guessing one account's password: limited by the e-mail they name (or, for
        // a signed-in call that names none, such as 'send the verification mail again', the account's).
        preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
          const email = (request.body as { email?: unknown } | undefined)?.email ?? request.actor?.email;
          if (typeof email !== 'string') return;
          const key = `auth:email:${email.toLowerCase()}`;
          await check(reply, key, config.AUTH_EMAIL_RATE_LIMIT_MAX, config.AUTH_RATE_LIMIT_WINDOW_MS);
        },
      };
    case 'writes':
      return { preValidation: writesCheck };
    case 'reviews':
      return kindOfWrite('reviews', config.REVIEW_RATE_LIMIT_MAX, config.REVIEW_RATE_LIMIT_WINDOW_MS);
    case 'uploads':
      return kindOfWrite('uploads', config.UPLOAD_RATE_LIMIT_MAX, config.UPLOAD_RATE_LIMIT_WINDOW_MS);
    case 'orders':
      return kindOfWrite('orders', config.ORDER_RATE_LIMIT_MAX, config.ORDER_RATE_LIMIT_WINDOW_MS);
    case 'contact':
      // Bad input counts too: a bot trying field after field is slowed as much as one that succeeds.
      return {
        preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
          const window = config.CONTACT_RATE_LIMIT_WINDOW_MS;
          await check(reply, `contact:ip:${request.ip}`, config.CONTACT_RATE_LIMIT_MAX, window);
        },
      };
  }
}
