import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { z } from 'zod';
import { limitHooks } from './named-limits';
import { apiErrorSchema } from '@shop/shared/contracts/error';
import type { ErrorStatus, HttpMethod, RouteSpec } from '@shop/shared/api/define';
import { apiRoutes, type ResponseSchema, type RouteKey, type RouteSchema } from '@shop/shared/api/routes';

type Parsed<S> = [S] extends [never] ? undefined : S extends z.ZodType ? z.output<S> : undefined;

/** The request as the route's schemas parsed it. */
type RouteRequest<K extends RouteKey> = FastifyRequest<{
  Params: Parsed<RouteSchema<K, 'params'>>;
  Querystring: Parsed<RouteSchema<K, 'query'>>;
  Body: Parsed<RouteSchema<K, 'body'>>;
  Headers: Parsed<RouteSchema<K, 'headers'>>;
}>;

/**
 * A handler returns the success body (its status comes from the table), or the reply it sent
 * itself: a redirect, or a body serialized ahead of time (lib/cached-json.ts).
 */
export type RouteHandler<K extends RouteKey> = (
  request: RouteRequest<K>,
  reply: FastifyReply,
) => Promise<[ResponseSchema<K>] extends [never] ? FastifyReply : z.output<ResponseSchema<K>> | FastifyReply>;

const noBody = z.union([z.undefined(), z.null()], { error: 'This request takes no body' });

/** Statuses every route of an access rule can answer, beside its own. */
function impliedErrors(spec: RouteSpec, method: HttpMethod): ErrorStatus[] {
  const statuses: ErrorStatus[] = [];
  if (spec.params || spec.query || spec.body || spec.headers || method !== 'GET') statuses.push(400);
  statuses.push(401); // every route refuses a dead token, public ones included (plugins/access.ts)
  if (spec.access === 'admin') statuses.push(403);
  if (spec.rateLimit) statuses.push(429);
  statuses.push(503); // the database out of reach for a moment (plugins/errors.ts)
  return statuses;
}

/**
 * Registers one route of the shared table (packages/shared/src/api/routes.ts): method, path,
 * access rule, schemas and docs all come from there, so the API adds only the handler.
 */
export function addRoute<K extends RouteKey>(app: FastifyInstance, key: K, handler: RouteHandler<K>): void {
  const spec: RouteSpec = apiRoutes[key];
  const [method, url] = key.split(' ') as [HttpMethod, string];
  const errors = [...new Set([...impliedErrors(spec, method), ...(spec.errors ?? [])])].sort();
  const response: Record<number, z.ZodType> = Object.fromEntries(
    errors.map((status) => [status, apiErrorSchema]),
  );
  if ('schema' in spec.response) response[spec.response.status] = spec.response.schema;
  const successStatus = spec.response.status;
  // A route that names no body takes none: anything sent is refused, not silently ignored.
  const body = spec.body ?? (spec.consumes || method === 'GET' ? undefined : noBody);
  const { rateLimit, preValidation, preHandler } = spec.rateLimit ? limitHooks(app, spec.rateLimit) : {};

  app.route({
    method,
    url,
    config: {
      access: spec.access,
      answersJson: 'schema' in spec.response,
      // Only the public reads (the catalogue, reviews, health) may be kept by a browser or a
      // proxy; every other answer is someone's: a token, an order, a secret (docs/behaviour.md §9.1).
      noStore: spec.access !== 'public' || method !== 'GET',
      ...(rateLimit && { rateLimit }),
    },
    ...(preValidation && { preValidation }),
    ...(preHandler && { preHandler }),
    // Only the parts a route has: Fastify warns about a schema key present but undefined.
    schema: {
      tags: [...spec.tags],
      summary: spec.summary,
      response,
      ...(spec.description && { description: spec.description }),
      ...(spec.params && { params: spec.params }),
      ...(spec.query && { querystring: spec.query }),
      ...(spec.headers && { headers: spec.headers }),
      ...(body && { body }),
      ...(spec.consumes && { consumes: [...spec.consumes] }),
      ...(spec.access !== 'public' && { security: [{ bearer: [] }] }),
    },
    handler: (async (request: FastifyRequest, reply: FastifyReply) => {
      if (successStatus !== 200) reply.code(successStatus);
      return handler(request as RouteRequest<K>, reply);
    }) as RouteHandlerMethod,
  });
}
