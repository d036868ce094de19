/**
 * The public pages rendered on the server: what each needs from the catalogue and reviews, the
 * built pages, and the sitemap and robots.txt (docs/behaviour.md §2.12). Read by plugins/web.ts.
 */
export { loadBuiltPages } from './built-pages';
export { loadPageData } from './page-data';
export { pagePathParams } from './page-path';
export { robotsTxt, sitemapXml } from './sitemap';
