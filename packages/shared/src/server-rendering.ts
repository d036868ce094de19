import type { RouteResponse } from './api/routes';

/**
 * What the server-rendered pages show from the database: each entry is the body its GET route
 * answers, so the page and a later fetch hold the same thing (docs/decisions/0017).
 */
export interface PageData {
  tools?: RouteResponse<'GET /tool'>;
  reviews?: RouteResponse<'GET /review'>;
}

export type PageDataKey = keyof PageData;

/** The id of the `<script type="application/json">` element that carries a page's query cache. */
export const PAGE_STATE_ELEMENT_ID = 'page-state';

/**
 * The web app's server bundle (apps/web/src/entry-server.tsx) as the API loads it from the
 * build: which pages it renders, and how.
 */
export interface ServerRenderer {
  /** Paths rendered at each request (their lists change), with the data each one shows. */
  pagesRenderedPerRequest: Readonly<Record<string, readonly PageDataKey[]>>;
  /** Paths rendered once, at build time (they show no data). */
  prerenderedPages: readonly string[];
  /**
   * The whole HTML document of the page at `url`: the built index.html (`template`) with the
   * page's markup in #root, its head tags (title, preloads) and its query cache.
   */
  renderPage(options: { url: string; template: string; data: PageData }): Promise<string>;
}
