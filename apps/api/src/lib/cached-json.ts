import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiRoutes, type ResponseSchema, type RouteKey } from '@shop/shared/api/routes';

/** A response body serialized once, with its strong ETag, sent as is to every reader. */
export interface CachedJson {
  readonly body: Buffer;
  readonly etag: string;
}

/**
 * Serializes a route's success body exactly as the route itself would (add-route.ts sets
 * fastify-type-provider-zod's serializer, which encodes with the response schema and then
 * stringifies), so a cached body is byte for byte what the route sent before it was cached.
 */
export function cachedJsonSerializer<K extends RouteKey>(
  key: K,
): (value: z.output<ResponseSchema<K>>) => CachedJson {
  const { response } = apiRoutes[key];
  if (!('schema' in response)) throw new Error(`${key} has no response body to cache`);
  const [method, url] = key.split(' ') as [string, string];
  const serialize = serializerCompiler({ schema: response.schema, method, url, httpStatus: '200' });
  return (value) => {
    const body = Buffer.from(serialize(value));
    // From the bytes, not from a counter: every instance gives the same tag to the same body.
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    return { body, etag };
  };
}

/**
 * Answers a cached body: 304 without it when the caller's If-None-Match names its ETag, else the
 * bytes as they are (a Buffer with a JSON content type skips Fastify's serializer; the route's
 * response schema still documents the body). `no-cache`: a browser may keep it but asks each time.
 */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedJson,
): FastifyReply {
  reply.header('etag', cached.etag).header('cache-control', 'no-cache');
  if (ifNoneMatchHits(request.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  return reply.header('content-type', 'application/json; charset=utf-8').send(cached.body);
}

/** RFC 9110 §13.1.2: `*`, or any listed tag equal to ours by the weak comparison. */
function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
