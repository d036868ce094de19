import type { RouteResponse } from './api/routes';
import type { CatalogueView } from './catalogue-view';

/**
 * What the server-rendered pages show from the database: each entry is the body its GET route
 * answers, so the page and a later fetch hold the same thing (docs/decisions/0017).
 */
export interface PageData {
  tools?: RouteResponse<'GET /tool'>;
  reviews?: RouteResponse<'GET /review'>;
  /**
   * The products page's first page for the view its URL asks for: what `GET /tool` answers to
   * that view's query, with the next page's cursor (docs/behaviour.md §3.3).
   */
  toolsPage?: { view: CatalogueView; tools: RouteResponse<'GET /tool'>; nextCursor: string | null };
  /** The product page's tool (`GET /tool/{id}`'s body), null when there is none (a 404). */
  product?: { id: string; tool: RouteResponse<'GET /tool/:id'> | null };
}

export type PageDataKey = keyof PageData;

/** The id of the `<script type="application/json">` element that carries a page's query cache. */
export const PAGE_STATE_ELEMENT_ID = 'page-state';

/**
 * The id of the page's one inline script, which starts the app's scripts once the page has been
 * painted (apps/web/build-plugins/scripts-after-first-paint.ts). The build writes it without a
 * nonce; the server adds the response's script nonce (apps/api/src/plugins/web.ts).
 */
export const SCRIPT_LOADER_ELEMENT_ID = 'load-scripts';

/**
 * The web app's server bundle (apps/web/src/entry-server.tsx) as the API loads it from the
 * build: which pages it renders, and how.
 */
export interface ServerRenderer {
  /**
   * Paths rendered at each request (their lists change), with the data each one shows; a path
   * may name a parameter (`/tools/:id`), which the data of the key `product` is loaded by.
   */
  pagesRenderedPerRequest: Readonly<Record<string, readonly PageDataKey[]>>;
  /** Paths rendered once, at build time (they show no data). */
  prerenderedPages: readonly string[];
  /**
   * The whole HTML document of the page at `url`: the built index.html (`template`) with the
   * page's markup in #root, its head tags (title, description, preloads; on a product page
   * Open Graph and Product JSON-LD, with absolute URLs from `publicUrl`) and its query cache.
   */
  renderPage(options: { url: string; template: string; data: PageData; publicUrl?: string }): Promise<string>;
  /**
   * Whether the web app has a page at this path; any other path is its Not found page, which
   * the server answers with 404 (docs/behaviour.md §2.12).
   */
  isAppPath(pathname: string): boolean;
  /**
   * The empty shell (`template`) for a page of the app the server does not render, with that
   * page's title and description where it has its own (login, sign-up).
   */
  shellPage(template: string, pathname: string): string;
}
