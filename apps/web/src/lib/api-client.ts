import { routeRequest } from '@shop/shared/api/path';
import type { RouteInput, RouteKey, RouteResponse } from '@shop/shared/api/routes';
import { copy } from '@shop/shared/copy';
import { isApiErrorBody, type ErrorCode, type FieldIssue } from '@shop/shared/errors';
import { tokenStorage } from './token-storage';

/** A failed API call: the server's `{ code, message, issues }` with the HTTP status. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
    /** Each refused field with its message (bad input only). */
    readonly issues: readonly FieldIssue[] = [],
    /** How long the server asks us to wait before trying again (a 429's Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** Retry-After as seconds: either a number of seconds or an HTTP date (RFC 9110 §10.2.3). */
function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** '1 second', '42 seconds', '3 minutes', '2 hours': the wait, rounded up to a unit people read. */
function formatWait(seconds: number): string {
  const [amount, unit] =
    seconds < 60
      ? [Math.max(1, seconds), 'second']
      : seconds < 3600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/** A refused call as an ApiError; a 429 says when to try again, in our words (docs/behaviour.md §9.5). */
function answerError(response: Response, payload: unknown): ApiError {
  if (response.status === 429) {
    const wait = retryAfterSeconds(response.headers.get('retry-after'));
    const serverMessage = isApiErrorBody(payload) ? payload.message : undefined;
    const message =
      wait === undefined
        ? (serverMessage ?? 'Too many attempts. Please wait a little and try again.')
        : copy.tooManyAttempts(formatWait(wait));
    return new ApiError(429, 'rate-limited', message, [], wait);
  }
  if (isApiErrorBody(payload)) {
    return new ApiError(response.status, payload.code, payload.message, payload.issues);
  }
  return new ApiError(response.status, 'internal', `The shop answered ${response.status}. Please try again.`);
}

/**
 * Why the user is signed out: a guarded call (orders, all tools) was refused, or any call made
 * with a token found its session ended.
 */
type AuthFailure = 'refused' | 'session-ended';
type AuthFailureHandler = (reason: AuthFailure) => void;
let onAuthFailure: AuthFailureHandler = () => {};

/**
 * The root layout registers how to sign out: when any call made with a token answers 401, or a
 * guarded call (orders, all tools) answers 401 or 403 (docs/behaviour.md §4.5).
 */
export function setAuthFailureHandler(handler: AuthFailureHandler): void {
  onAuthFailure = handler;
}

interface CallOptions {
  /** A multipart body (the picture upload) instead of JSON. */
  form?: FormData;
  /**
   * The shop signs the user out on a 401 or 403 from the orders and all-tools calls
   * (docs/behaviour.md §4.5). Calls that opt in trigger that.
   */
  signOutOnAuthError?: boolean;
  signal?: AbortSignal;
}

/** A route's params, query and body as the shared table types them, with the call's options. */
export type CallInput<K extends RouteKey> = RouteInput<K> & CallOptions;

/** The path of a route under /api, with its params and query filled in (for links and popups). */
export function apiUrl<K extends RouteKey>(key: K, input?: RouteInput<K>): string {
  const { params, query } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, string>;
  };
  return `/api${routeRequest(key, params, query).path}`;
}

/**
 * Calls one route of the shared table (packages/shared/src/api/routes.ts) with the stored bearer
 * token, if any. Its input and answer are typed from the same table the API registers its
 * routes from, so a change on one side fails the other's type check. Answers are not parsed
 * again here (docs/decisions/0006-web-trusts-response-contracts.md).
 */
export async function callApi<K extends RouteKey>(
  key: K,
  ...[input]: Partial<CallInput<K>> extends CallInput<K> ? [input?: CallInput<K>] : [input: CallInput<K>]
): Promise<RouteResponse<K>> {
  return (await send(key, input)).payload as RouteResponse<K>;
}

/** The routes that answer one page of a list when asked with parameters (docs/behaviour.md §3.4). */
type PagedRouteKey =
  | 'GET /tool'
  | 'GET /order'
  | 'GET /user'
  | 'GET /review'
  | 'GET /audit-events'
  | 'GET /tool/:id/stock-movements';

/** One page of a list: its items, and the cursor of the next page (null on the last). */
export interface Page<T> {
  items: T;
  nextCursor: string | null;
}

/** The `cursor` of a `Link: <…>; rel="next"` header (RFC 8288), or null without one. */
function nextCursorOf(link: string | null): string | null {
  const next = link?.match(/<([^>]*)>\s*;\s*rel="?next"?/)?.[1];
  if (next === undefined) return null;
  return new URL(next, 'http://shop.invalid').searchParams.get('cursor');
}

/**
 * Like callApi, for a list asked for one page: the answer's items and the next page's cursor,
 * which the API sends in a Link header (docs/decisions/0023-catalogue-search-and-pages.md).
 */
export async function callApiPage<K extends PagedRouteKey>(
  key: K,
  input: CallInput<K>,
): Promise<Page<RouteResponse<K>>> {
  const { payload, response } = await send(key, input);
  return { items: payload as RouteResponse<K>, nextCursor: nextCursorOf(response.headers.get('link')) };
}

/** The routes that answer a file rather than JSON (the route table's `mediaType` responses). */
type FileRouteKey =
  | 'GET /order-export'
  | 'GET /order/:id/receipt/pdf'
  | 'GET /company/:id/resale-certificate/:certificateId/file'
  | 'GET /invoice/:id/pdf';

/** A file the API answered: its bytes and the name its Content-Disposition gave. */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/**
 * Calls a route that answers a file, with the bearer token (a plain link could not carry it), and
 * answers the file; a refusal throws the same ApiError as callApi.
 */
export async function callApiFile<K extends FileRouteKey>(
  key: K,
  input: CallInput<K>,
): Promise<DownloadedFile> {
  const { response } = await send(key, input, { json: false });
  const filename = response.headers.get('content-disposition')?.match(/filename="([^"]+)"/)?.[1] ?? null;
  return { blob: await response.blob(), filename };
}

async function send(
  key: RouteKey,
  input: unknown,
  { json = true } = {},
): Promise<{ payload: unknown; response: Response }> {
  const {
    params,
    query,
    body,
    headers: routeHeaders,
    form,
    signOutOnAuthError,
    signal,
  } = (input ?? {}) as CallOptions & {
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
    /** Headers the route's contract names (an Idempotency-Key). */
    headers?: Record<string, string>;
  };
  const { method, path } = routeRequest(key, params, query);
  const headers: Record<string, string> = { ...routeHeaders, accept: json ? 'application/json' : '*/*' };
  const token = tokenStorage.get();
  if (token) headers.authorization = `Bearer ${token}`;
  let requestBody: BodyInit | undefined = form;
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    requestBody = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method, headers, body: requestBody, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network', 'Cannot reach the shop. Check your connection and try again.');
  }

  // A file's body is left for the caller to read; its refusals are JSON like any other.
  const payload: unknown = json || !response.ok ? await response.json().catch(() => undefined) : undefined;
  if (!response.ok) {
    // A 401 to a call that carried a token means the session ended (signed out elsewhere,
    // expired, revoked): the server says so on every route, public ones included. Only an answer
    // about the session the app holds now counts: a call sent before a sign-out and a new
    // sign-in answers late about the old token, and must not end the new session.
    const isAboutCurrentSession = tokenStorage.get() === token;
    const refused = response.status === 401 || response.status === 403;
    if (isAboutCurrentSession && signOutOnAuthError && refused) onAuthFailure('refused');
    else if (isAboutCurrentSession && response.status === 401 && token !== null)
      onAuthFailure('session-ended');
    throw answerError(response, payload);
  }
  return { payload, response };
}

/** What to show for any error thrown by a call. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return 'Something went wrong. Please try again.';
}
