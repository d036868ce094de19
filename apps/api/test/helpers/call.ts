import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { routeRequest } from '@shop/shared/api/path';
import type { HttpMethod } from '@shop/shared/api/define';
import type { ApiRoutes, RouteKey, RouteResponse, RouteSchema } from '@shop/shared/api/routes';
import { isApiErrorBody, type ApiErrorBody } from '@shop/shared/errors';
import type { z } from 'zod';

/**
 * Tests call the API as its clients do: by the route table's key (`'POST /order'`), with the
 * params, query and body the table types, and read an answer the table types. A key that is not
 * in the table, a missing path parameter or a body of the wrong shape fails `tsc -p apps/api`.
 *
 *   const placed = await call(app, 'POST /order', { as: kim, body: { toolsId, ... } });
 *   expect(placed.status, placed.text).toBe(201);
 *   placed.body.insertedId; // typed
 *
 * The app in this process is called through `inject`; a running server (restart tests, the
 * browser journeys' e2e/helpers/api.ts) by its base URL, through fetch.
 */

type Part<K extends RouteKey, P extends 'params' | 'query' | 'body'> = z.input<RouteSchema<K, P>>;
type Takes<K extends RouteKey, P extends 'params' | 'query' | 'body'> = [RouteSchema<K, P>] extends [never]
  ? false
  : true;

type ParamsOption<K extends RouteKey> =
  Takes<K, 'params'> extends true ? { params: Part<K, 'params'> } : { params?: never };
type QueryOption<K extends RouteKey> =
  Takes<K, 'query'> extends true ? { query?: Part<K, 'query'> } : { query?: never };

/**
 * The body: the one the table types, or `unsafeBody` for a test about bad input only (unknown
 * fields, wrong types, a missing body, a raw string with its own content-type header): it is
 * sent as it is given, and a reader sees at once that the request is not one a client makes.
 */
type BodyOption<K extends RouteKey> =
  Takes<K, 'body'> extends true
    ? undefined extends Part<K, 'body'>
      ? { body?: Part<K, 'body'>; unsafeBody?: never } | { body?: never; unsafeBody?: unknown }
      : { body: Part<K, 'body'>; unsafeBody?: never } | { body?: never; unsafeBody: unknown }
    : { body?: never; unsafeBody?: unknown };

/**
 * For a route whose table entry names the media types it consumes instead of a body schema: a
 * multipart/form-data body (helpers/multipart.ts: the upload), or the exact bytes (the Stripe
 * webhook, whose signature covers them), with their content type in `headers`.
 */
type RawBodyOption<K extends RouteKey> = ApiRoutes[K] extends { consumes: readonly string[] }
  ? { multipart?: { contentType: string; payload: Buffer }; rawBody?: string | Buffer }
  : { multipart?: never; rawBody?: never };

export type CallOptions<K extends RouteKey> = {
  /** Who calls: a signed-in account (SignedIn, the e2e TestUser), whose bearer token is sent. */
  as?: { token: string } | null;
  /** More headers, sent after the caller's (an `authorization` here replaces its token). */
  headers?: Record<string, string>;
  /**
   * Query parameters the route's schema does not allow (an unknown name, a value outside its
   * enum), for a test about bad input only; added after `query`. A string is a raw query string,
   * sent as it is (a repeated name, an escape the client would not make).
   */
  unsafeQuery?: Record<string, string> | string;
  /** The client's address, as the app sees it (inject only): limits per client. */
  remoteAddress?: string;
} & ParamsOption<K> &
  QueryOption<K> &
  BodyOption<K> &
  RawBodyOption<K>;

/** The options' argument, optional where the route needs nothing. */
export type CallArgs<K extends RouteKey> =
  Partial<CallOptions<K>> extends CallOptions<K> ? [options?: CallOptions<K>] : [options: CallOptions<K>];

/** What the API answered. `body` and `error` read the JSON text, typed by the route table. */
export interface Answer<K extends RouteKey> {
  key: K;
  /** What was sent: the method, and the path under the server's root with its query. */
  request: { method: HttpMethod; url: string };
  status: number;
  headers: LightMyRequestResponse['headers'];
  /** The body as text (a CSV export, an HTML page, an empty body, a failure message). */
  text: string;
  /**
   * The success body as the table types it. Reading it from an error answer (4xx, 5xx) throws
   * with that answer, so check `status` first and read `error` for a refusal.
   */
  readonly body: RouteResponse<K>;
  /** The refusal `{ code, message, issues? }`. Reading it from a success throws. */
  readonly error: ApiErrorBody;
}

/** The app in this process, as far as calling it goes (the app's own type stays out of e2e). */
export interface Injects {
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** A call as it is sent; `app.inject(requestOf(...))` for a test that reads the raw bytes. */
export interface Request {
  method: HttpMethod;
  /** The path under the server's root, with its query. */
  url: string;
  headers: Record<string, string>;
  payload?: InjectOptions['payload'];
}

/**
 * The method, path, headers and payload a call sends, from its key (routeRequest, as the web's
 * client builds them). `call` sends it; a test about the bytes on the wire (compression) passes
 * it to `app.inject` itself.
 */
export function requestOf<K extends RouteKey>(key: K, ...[options]: CallArgs<K>): Request {
  const { as, headers, params, query, unsafeQuery, body, unsafeBody, multipart, rawBody } = (options ??
    {}) as {
    as?: { token: string } | null;
    headers?: Record<string, string>;
    params?: Record<string, string>;
    query?: Record<string, string>;
    unsafeQuery?: Record<string, string> | string;
    body?: unknown;
    unsafeBody?: unknown;
    multipart?: { contentType: string; payload: Buffer };
    rawBody?: string | Buffer;
  };
  const raw = typeof unsafeQuery === 'string' ? unsafeQuery : '';
  const unsafeFields = typeof unsafeQuery === 'string' ? {} : unsafeQuery;
  const { method, path } = routeRequest(key, params, { ...query, ...unsafeFields });
  const request: Request = {
    method: method as HttpMethod,
    url: `/api${path}${raw ? `${path.includes('?') ? '&' : '?'}${raw}` : ''}`,
    headers: {
      ...(as ? { authorization: `Bearer ${as.token}` } : {}),
      ...(multipart ? { 'content-type': multipart.contentType } : {}),
      ...headers,
    },
  };
  const payload = multipart?.payload ?? rawBody ?? body ?? unsafeBody;
  if (payload !== undefined) request.payload = payload as InjectOptions['payload'];
  return request;
}

function answerOf<K extends RouteKey>(
  key: K,
  request: Request,
  status: number,
  headers: Answer<K>['headers'],
  text: string,
): Answer<K> {
  const told = () => `${request.method} ${request.url} answered ${status}: ${text.slice(0, 500)}`;
  const json = (): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      throw new Error(`${told()}\n(not JSON)`);
    }
  };
  return {
    key,
    request: { method: request.method, url: request.url },
    status,
    headers,
    text,
    get body() {
      if (status >= 400) throw new Error(`${told()}\n(an error: read .error, not .body)`);
      return json() as RouteResponse<K>;
    },
    get error() {
      if (status < 400) throw new Error(`${told()}\n(not an error: read .body, not .error)`);
      const body = json();
      if (!isApiErrorBody(body)) throw new Error(`${told()}\n(not the API's { code, message })`);
      return body;
    },
  };
}

/** Sends `key` to a running server at `baseUrl` (http://host:port), as a browser would. */
async function fetchFrom<K extends RouteKey>(baseUrl: string, key: K, request: Request) {
  const { payload } = request;
  const isJson = payload !== undefined && !(typeof payload === 'string') && !Buffer.isBuffer(payload);
  const response = await fetch(`${baseUrl}${request.url}`, {
    method: request.method,
    headers: {
      accept: 'application/json',
      ...(isJson ? { 'content-type': 'application/json' } : {}),
      ...request.headers,
    },
    body: isJson ? JSON.stringify(payload) : (payload as string | Buffer | undefined),
    signal: AbortSignal.timeout(15_000),
  });
  return answerOf(key, request, response.status, Object.fromEntries(response.headers), await response.text());
}

/**
 * Calls a route of the table by its key on the app in this process (`app.inject`) or on a
 * running server (its base URL): `call(app, 'GET /tool/:id', { params: { id } })`.
 */
export async function call<K extends RouteKey>(
  target: Injects | string,
  key: K,
  ...args: CallArgs<K>
): Promise<Answer<K>> {
  const request = requestOf(key, ...args);
  const [options] = args;
  if (typeof target === 'string') return fetchFrom(target, key, request);
  const { remoteAddress } = (options ?? {}) as { remoteAddress?: string };
  const response = await target.inject({ ...request, ...(remoteAddress && { remoteAddress }) });
  return answerOf(key, request, response.statusCode, response.headers, response.body);
}

/**
 * The query of the next page, from the answer's `Link: <…>; rel="next"` header (decision 0023),
 * or undefined on the last page. The link must name the route that answered (the same path).
 */
export function nextPageQuery(answer: Answer<RouteKey>): Record<string, string> | undefined {
  const link = answer.headers.link;
  if (link === undefined) return undefined;
  const target = /^<([^>]+)>; rel="next"$/.exec(String(link))?.[1];
  if (!target) throw new Error(`${answer.request.url}: not a next-page link: ${String(link)}`);
  const next = new URL(target, 'http://shop.invalid');
  const here = new URL(answer.request.url, 'http://shop.invalid');
  if (next.pathname !== here.pathname) {
    throw new Error(`${answer.request.url}: the next page's link names another path: ${target}`);
  }
  return Object.fromEntries(next.searchParams);
}

/**
 * Every page of a paged list (decision 0023): the first asked for with `options`, then each next
 * page's link followed to the last. Each page must answer 200. Answers the pages' answers.
 */
export async function allPages<K extends RouteKey>(
  target: Injects | string,
  key: K,
  options: CallOptions<K>,
): Promise<Answer<K>[]> {
  const answers: Answer<K>[] = [];
  let query: Record<string, string> | undefined = { ...(options.query as Record<string, string>) };
  while (query) {
    const answer = await call(target, key, ...([{ ...options, query }] as CallArgs<K>));
    if (answer.status !== 200)
      throw new Error(`${answer.request.url} answered ${answer.status}: ${answer.text}`);
    answers.push(answer);
    query = nextPageQuery(answer);
  }
  return answers;
}

/** What `callAnyRoute` takes: the options of any route, not checked against its schemas. */
export interface AnyRouteOptions {
  as?: { token: string } | null;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  multipart?: { contentType: string; payload: Buffer };
}

/**
 * Calls a route whose key is known only at run time, for the tests that walk the whole table
 * (the access matrix, ADMIN_REQUIRE_2FA): its options are not checked against the route's schemas.
 */
export const callAnyRoute = (
  target: Injects | string,
  key: RouteKey,
  options: AnyRouteOptions = {},
): Promise<Answer<RouteKey>> => call(target, key, ...([options] as CallArgs<RouteKey>));
