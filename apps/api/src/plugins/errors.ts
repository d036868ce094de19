import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, FieldIssue } from '@shop/shared/errors';
import { isUnstorableText } from '../lib/database-errors';
import { AppError } from '../lib/errors';

/**
 * One error handler: AppErrors and validation failures answer `{ code, message }` with their
 * 4xx status; anything else is logged and answered with a bare 500 that carries no detail.
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
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = firstPerField(error.validation.flatMap(toFieldIssues));
        const body: ApiErrorBody = {
          code: 'invalid-input',
          message: issues[0]?.message ?? 'Invalid input',
          issues,
        };
        return reply.status(400).send(body);
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
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ code: 'internal', message: 'Something went wrong on our side' });
    });
  },
  { name: 'errors' },
);

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

/**
 * One issue per refused field, named by its dotted path within the body, query or params
 * ('card.number'); an unknown field is named itself, so a form can show every problem in place.
 */
function toFieldIssues({
  keyword,
  instancePath,
  message = 'Invalid value',
  params,
}: ValidationIssue): FieldIssue[] {
  const field = instancePath.split('/').filter(Boolean).join('.');
  const unknownKeys = keyword === 'unrecognized_keys' && Array.isArray(params?.keys) ? params.keys : [];
  if (unknownKeys.length === 0) return [{ field, message }];
  return unknownKeys.map((key) => ({ field: field ? `${field}.${String(key)}` : String(key), message }));
}

/** A field that breaks several rules shows the first: a form has room for one message per field. */
function firstPerField(issues: FieldIssue[]): FieldIssue[] {
  const seen = new Set<string>();
  return issues.filter(({ field }) => !seen.has(field) && seen.add(field));
}
