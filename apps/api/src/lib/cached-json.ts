import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiRoutes, type ResponseSchema, type RouteKey } from '@shop/shared/api/routes';
import {
  COMPRESSION_THRESHOLD_BYTES,
  compressOnce,
  ENCODINGS,
  negotiateEncoding,
  type Encoding,
} from './content-encoding';

/**
 * A response body serialized once, with its strong ETag, sent as is to every reader; and its
 * brotli and gzip copies, each made on first demand and then kept with it. Compressing the same
 * list for every browser that asks cost more than all the rest of the answer (an 8 kB list served
 * a sixth as often compressed per response as uncompressed).
 */
export class CachedJson {
  readonly #encoded = new Map<Encoding, Promise<Buffer>>();
  /** Every tag this body goes by: a conditional request naming any of them has it already. */
  readonly etags: readonly string[];

  constructor(
    readonly body: Buffer,
    /** Of the body as it is; each encoding's copy has its own (`etagOf`). */
    readonly etag: string,
  ) {
    this.etags = [etag, ...ENCODINGS.map((encoding) => this.etagOf(encoding))];
  }

  /** The body in `encoding`; undefined when it is too small to be worth compressing. */
  encoded(encoding: Encoding): Promise<Buffer> | undefined {
    if (this.body.length < COMPRESSION_THRESHOLD_BYTES) return undefined;
    let copy = this.#encoded.get(encoding);
    if (!copy) {
      copy = compressOnce(this.body, encoding);
      this.#encoded.set(encoding, copy);
      // A failure is not kept: the next reader tries again, this one gets the body as it is.
      copy.catch(() => this.#encoded.delete(encoding));
    }
    return copy;
  }

  /**
   * A strong ETag names one representation (RFC 9110 §8.8.3): the brotli copy is not the same
   * bytes as the gzip one, so each carries the body's tag with its encoding's suffix.
   */
  etagOf(encoding: Encoding | undefined): string {
    return encoding ? `${this.etag.slice(0, -1)}-${encoding}"` : this.etag;
  }
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
    return new CachedJson(body, etag);
  };
}

/**
 * Answers a cached body: 304 without it when the caller's If-None-Match names one of its ETags,
 * else its bytes, in the encoding the caller accepts when it is worth one (a Buffer with a JSON
 * content type skips Fastify's serializer, and one with a Content-Encoding skips
 * @fastify/compress; the route's response schema still documents the body). `no-cache` on a
 * public read: a browser may keep it but asks each time.
 */
export async function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedJson,
): Promise<FastifyReply> {
  const wanted = negotiateEncoding(request.headers['accept-encoding']);
  const encoded = wanted && (await cached.encoded(wanted)?.catch(() => undefined));
  const encoding = encoded ? wanted : undefined;
  // Vary on the 304 too: it stands for the 200 it confirms (RFC 9110 §15.4.5). Authorization: a
  // company member is answered otherwise, with contract prices (catalogue/prices/caller-prices.ts).
  // A route that is not a public read says no-store (app.ts), and keeps saying it: an admin's
  // page is never kept by a browser or a proxy, even though the server keeps it.
  reply
    .header('etag', cached.etagOf(encoding))
    .header('cache-control', request.routeOptions.config.noStore ? 'no-store' : 'no-cache')
    .header('vary', 'accept-encoding, authorization');
  if (ifNoneMatchHits(request.headers['if-none-match'], cached.etags)) return reply.code(304).send();
  reply.header('content-type', 'application/json; charset=utf-8');
  if (!encoded) return reply.send(cached.body);
  return reply.header('content-encoding', encoding).send(encoded);
}

/** RFC 9110 §13.1.2: `*`, or any listed tag equal to one of ours by the weak comparison. */
function ifNoneMatchHits(header: string | undefined, etags: readonly string[]): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => etags.includes(tag.trim().replace(/^W\//, '')));
}
