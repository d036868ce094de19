import type { z } from 'zod';

/**
 * Who may call a route: anyone, any signed-in account, or admins. Owner rules (an order's owner,
 * one's own profile) are the services' to check, as only they know what is owned.
 */
export type Access = 'public' | 'signed-in' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Statuses a route may answer with an error body, beside the ones its access rule implies. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503;

/** One endpoint: everything both sides agree on. The API adds only the handler. */
export interface RouteSpec {
  access: Access;
  tags: readonly string[];
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Request headers a route reads (an Idempotency-Key), validated like the rest. */
  headers?: z.ZodType;
  /**
   * The answer on success: a status with its JSON body, a redirect, or a file of a media type (the
   * orders' CSV export, a receipt's PDF), which no JSON schema describes.
   */
  response:
    | { status: 200 | 201; schema: z.ZodType }
    | { status: 302 }
    | { status: 200; mediaType: 'text/csv' | 'application/pdf' };
  /** Error statuses beyond 400 (bad input), 401 (signed-in routes), 403 (admin routes) and 429. */
  errors?: readonly ErrorStatus[];
  /** Request media types other than JSON (the upload). */
  consumes?: readonly string[];
  /**
   * Which rate limit guards the route (apps/api/src/lib/named-limits.ts): 'auth' per client and
   * per target e-mail; 'writes' per account and per client; 'reviews', 'uploads' and 'orders'
   * the writes' limits and one of their own per account, sized to what a person does;
   * 'contact' per client (contact messages). docs/behaviour.md §11.5.
   */
  rateLimit?: 'auth' | 'writes' | 'reviews' | 'uploads' | 'orders' | 'contact';
}

/** Routes keyed by "METHOD /path", with Fastify's `:name` for path parameters. */
export type RouteTable = Record<`${HttpMethod} /${string}`, RouteSpec>;

/** Keeps a table's literal types (access rules, statuses, schemas) for both sides to infer from. */
export const defineRoutes = <const T extends RouteTable>(table: T): T => table;
