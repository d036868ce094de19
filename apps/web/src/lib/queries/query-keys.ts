import type { RouteKey, RouteSchema } from '@shop/shared/api/routes';
import type { z } from 'zod';

/*
 * lib/queries: the reads and mutations that several features share (orders, tools), one layer
 * below features/. It sits in lib/ rather than a new entities/ folder because the boundary rules
 * already fit it: every feature may import lib/, and lib/ imports no feature, component or page
 * (eslint.config.js), so the shared reads cannot pull a feature into another.
 */

type Part<K extends RouteKey, P extends 'params' | 'query' | 'body'> = [RouteSchema<K, P>] extends [never]
  ? unknown
  : z.input<RouteSchema<K, P>>;

/** What a read was asked with: its params and query (and the body of the one read sent as a POST). */
export type KeyInput<K extends RouteKey> = Partial<Part<K, 'params'> & Part<K, 'query'> & Part<K, 'body'>>;

/**
 * The one query-key scheme of the app: a cached answer is keyed by the route table's key, then by
 * what it was asked with, so two screens reading the same route with the same input share one
 * entry, and a change invalidates the routes it makes stale by their keys.
 *   ['GET /my-order', { email }]            one answer
 *   ['GET /tool', { q, limit }, 'pages']    a list read a page at a time (the cursor is the page's)
 *   ['GET /tool/:id', { id }, 'or-null']    an answer kept with a 404 as null (a Not found page)
 * The third part keeps two shapes of one answer apart: TanStack Query holds one shape per key.
 */
export const queryKeys = {
  /** Every cached answer of a route, whatever its input: the prefix a change invalidates. */
  route: <K extends RouteKey>(route: K) => [route] as const,
  answer: <K extends RouteKey>(route: K, input: KeyInput<K> = {}) => [route, input] as const,
  pages: <K extends RouteKey>(route: K, input: KeyInput<K> = {}) => [route, input, 'pages'] as const,
  orNull: <K extends RouteKey>(route: K, input: KeyInput<K> = {}) => [route, input, 'or-null'] as const,
};
