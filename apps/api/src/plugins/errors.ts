import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiErrorBody } from '@shop/shared/errors';
import { isDatabaseUnreachable, isUnstorableText } from '../lib/database-errors';
import { AppError } from '../lib/errors';

/**
 * One error handler: AppErrors (validation failures among them, lib/validate-input.ts) answer
 * `{ code, message }` with their 4xx status; anything else is logged and answered with a bare 500 that carries no detail.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => {
      if (error instanceof AppError) {
        const body: ApiErrorBody = {
          code: error.code,
          message: error.message,
          ...(error.issues && { issues: error.issues }),
        };
        return reply.status(error.statusCode).send(body);
      }
      if (isUnstorableText(error)) {
        request.log.warn({ err: error }, 'text the database cannot store got past validation');
        return reply
          .status(400)
          .send({ code: 'invalid-input', message: 'Remove the control characters from your input' });
      }
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if (status === 413) {
        return reply.status(413).send({ code: 'payload-too-large', message: 'The request is too large' });
      }
      if (status >= 400 && status < 500) {
        // Fastify's own 4xx (malformed JSON, wrong content type ...): its message is safe.
        const message = error instanceof Error ? error.message : 'Bad request';
        return reply.status(status).send({ code: 'invalid-input', message });
      }
      if (isDatabaseUnreachable(error)) {
        request.log.warn({ err: error }, 'the database is out of reach');
        return reply.status(503).header('retry-after', '5').send({
          code: 'unavailable',
          message: 'The shop cannot reach its records just now. Try again in a moment.',
        });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ code: 'internal', message: 'Something went wrong on our side' });
    });
  },
  { name: 'errors' },
);

/**
 * What the router answers itself, before any route or hook (Fastify's `frameworkErrors`): a path
 * parameter past its length or an address that does not decode. Same `{ code, message }` shape
 * as every other error, and nothing of the address echoed back.
 */
export function answerFrameworkError(
  error: Error & { code?: string; statusCode?: number },
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'The address is too long' : 'The address is not valid';
  return reply.status(error.statusCode ?? 400).send({ code: 'invalid-input', message });
}
