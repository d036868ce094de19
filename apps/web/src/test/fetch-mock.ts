import { vi } from 'vitest';
import type { ErrorStatus } from '@shop/shared/api/define';
import { routeRequest } from '@shop/shared/api/path';
import {
  apiRoutes,
  type ApiRoutes,
  type RouteKey,
  type RouteResponse,
  type RouteSchema,
} from '@shop/shared/api/routes';
import type { ApiErrorBody } from '@shop/shared/errors';
import type { z } from 'zod';

type HeaderMap = Record<string, string>;

/** Success as the route table types it: its JSON body, or the text of a file route (the CSV export). */
type Success<K extends RouteKey> = ApiRoutes[K]['response'] extends { mediaType: string }
  ? { status?: 200; text: string; headers?: HeaderMap }
  : { status?: ApiRoutes[K]['response']['status']; body: RouteResponse<K>; headers?: HeaderMap };

/** A refusal: the `{ code, message }` body every error of the API has (500 included). */
export interface Refusal {
  status: ErrorStatus | 500;
  body: ApiErrorBody;
  headers?: HeaderMap;
}

/** What a mocked route answers: typed by the route table, so a wrong shape fails `tsc -p apps/web`. */
export type RouteAnswer<K extends RouteKey> = Success<K> | Refusal;

/** A call the app made, as fetch received it; `route` is the mocked route key that answered it. */
export interface RecordedCall<Body = unknown> {
  method: string;
  url: string;
  body: Body;
  headers: Headers;
  route: RouteKey | undefined;
}

type Part<K extends RouteKey, P extends 'params' | 'query' | 'body'> = [RouteSchema<K, P>] extends [never]
  ? unknown
  : z.input<RouteSchema<K, P>>;
type CallInput<K extends RouteKey> = ([RouteSchema<K, 'params'>] extends [never]
  ? unknown
  : { params: Part<K, 'params'> }) &
  ([RouteSchema<K, 'query'>] extends [never] ? unknown : { query?: Part<K, 'query'> });

/**
 * One mocked call of a route: the params and query it is called with (the path is built by the
 * client's own routeRequest), then its answer, or `answer` to compute one per call.
 */
export type RouteMock<K extends RouteKey> = CallInput<K> &
  (
    | RouteAnswer<K>
    | { answer: (call: RecordedCall<Part<K, 'body'>>) => RouteAnswer<K> | Promise<RouteAnswer<K>> }
  );

/** The routes a test answers, by the route table's keys; a list when one route is called with several inputs. */
export type RouteMocks = { [K in RouteKey]?: RouteMock<K> | readonly RouteMock<K>[] };

/** An answer the contract does not allow (a body that is not the API's, a missing one), as sent. */
interface RawAnswer {
  status?: number;
  body?: unknown;
  text?: string;
  headers?: HeaderMap;
}

/** The same call whatever order its query's parameters come in. */
function callKey(method: string, url: string): string {
  const parsed = new URL(url, 'http://shop.invalid');
  parsed.searchParams.sort();
  const search = parsed.searchParams.toString();
  return `${method} ${parsed.pathname}${search ? `?${search}` : ''}`;
}

type AnyAnswer = RawAnswer | ((call: RecordedCall) => RawAnswer | Promise<RawAnswer>);

function tableOf(routes: RouteMocks, malformed: Record<string, RawAnswer>) {
  const table = new Map<string, { route: RouteKey | undefined; answer: AnyAnswer }>();
  const add = (key: string, route: RouteKey | undefined, answer: AnyAnswer) => {
    if (table.has(key)) throw new Error(`${key} is mocked twice`);
    table.set(key, { route, answer });
  };
  for (const [route, mocks] of Object.entries(routes) as [
    RouteKey,
    RouteMock<RouteKey> | RouteMock<RouteKey>[],
  ][]) {
    // A computed key slips past the type check; the table still knows its own keys.
    if (!(route in apiRoutes)) throw new Error(`${route} is not a key of the route table`);
    for (const mock of Array.isArray(mocks) ? mocks : [mocks]) {
      const { params, query, answer, ...fixed } = mock as {
        params?: Record<string, string>;
        query?: Record<string, string>;
        answer?: AnyAnswer;
      };
      const { method, path } = routeRequest(route, params, query);
      add(callKey(method, `/api${path}`), route, answer ?? (fixed as RawAnswer));
    }
  }
  for (const [key, answer] of Object.entries(malformed)) {
    const space = key.indexOf(' ');
    add(callKey(key.slice(0, space), key.slice(space + 1)), undefined, answer);
  }
  return table;
}

/**
 * Replaces fetch with the routes' answers. Each route is keyed as the route table keys it, its
 * answer typed by the table: `mockApi({ 'GET /tool/:id': { params: { id: 't1' }, body: aTool() } })`.
 * `malformed` answers by a raw "METHOD /api/path" only what the contract cannot type, to show the
 * app copes with it. An unexpected call fails the test loudly.
 */
export function mockApi(
  routes: RouteMocks,
  { malformed = {} }: { malformed?: Record<string, RawAnswer> } = {},
) {
  const table = tableOf(routes, malformed);
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.toString();
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const mocked = table.get(callKey(method, url));
    const call: RecordedCall = { method, url, body, headers, route: mocked?.route };
    calls.push(call);
    if (!mocked) throw new Error(`Unexpected request ${method} ${url}`);
    const answer = typeof mocked.answer === 'function' ? await mocked.answer(call) : mocked.answer;
    if (answer.text !== undefined) {
      return new Response(answer.text, { status: answer.status ?? 200, headers: answer.headers });
    }
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}
