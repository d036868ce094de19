import { isApiErrorBody, type ErrorCode } from '@shop/shared/errors';
import { tokenStorage } from './token-storage';

/** A failed API call: the server's `{ code, message }` with the HTTP status. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    message: string,
  ) {
    super(message);
  }
}

type AuthFailureHandler = () => void;
let onAuthFailure: AuthFailureHandler = () => {};

/** The root layout registers how to sign out when a guarded call answers 401 or 403. */
export function setAuthFailureHandler(handler: AuthFailureHandler): void {
  onAuthFailure = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialisable data, or FormData for uploads. */
  body?: unknown;
  /**
   * The spec signs the user out on a 401 or 403 from the orders and all-tools calls
   * (section 4, Session). Calls that opt in trigger that.
   */
  signOutOnAuthError?: boolean;
  signal?: AbortSignal;
}

/**
 * Calls the API under /api with the stored bearer token, if any. Response shapes are the
 * shared contracts' types; the API's serializer already enforces them, so the browser does
 * not parse them again (docs/decisions/0006-web-trusts-response-contracts.md).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = tokenStorage.get();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network', 'Cannot reach the shop. Check your connection and try again.');
  }

  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (options.signOutOnAuthError && (response.status === 401 || response.status === 403)) onAuthFailure();
    if (isApiErrorBody(payload)) throw new ApiError(response.status, payload.code, payload.message);
    throw new ApiError(
      response.status,
      'internal',
      `The shop answered ${response.status}. Please try again.`,
    );
  }
  return payload as T;
}

/** What to show for any error thrown by a call. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return 'Something went wrong. Please try again.';
}
