import { vi } from 'vitest';

/** An answer: its status (200), JSON body (or `text`, a file) and any headers besides content-type. */
interface Answer {
  status?: number;
  body?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

type Handler = (request: { method: string; url: string; body: unknown; headers: Headers }) => Answer;

/**
 * Replaces fetch with a table of handlers keyed by "METHOD /api/path" (query string included).
 * An unexpected call fails the test loudly.
 */
export function mockApi(routes: Record<string, Handler | Answer>) {
  const calls: { method: string; url: string; body: unknown; headers: Headers }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.toString();
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const request = { method, url, body, headers };
    calls.push(request);
    const route = routes[`${method} ${url}`];
    if (!route) throw new Error(`Unexpected request ${method} ${url}`);
    const answer = typeof route === 'function' ? route(request) : route;
    if (answer.text !== undefined) {
      return new Response(answer.text, { status: answer.status ?? 200, headers: answer.headers });
    }
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
