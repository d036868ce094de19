import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody } from '@shop/shared/errors';
import { AppError } from '../lib/errors';

/**
 * One error handler: AppErrors and validation failures answer `{ code, message }` with their
 * 4xx status; anything else is logged and answered with a bare 500 that carries no detail.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => {
      if (error instanceof AppError) {
        const body: ApiErrorBody = { code: error.code, message: error.message };
        return reply.status(error.statusCode).send(body);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        const body: ApiErrorBody = { code: 'invalid-input', message: first?.message ?? 'Invalid input' };
        return reply.status(400).send(body);
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
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ code: 'internal', message: 'Something went wrong on our side' });
    });
  },
  { name: 'errors' },
);
