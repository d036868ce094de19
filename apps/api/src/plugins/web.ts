import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SCRIPT_LOADER_ELEMENT_ID, type PageData, type PageDataKey } from '@shop/shared/server-rendering';
import { publicUrlOf } from '../config';
import { loadBuiltPages, loadPageData, pagePathParams, robotsTxt, sitemapXml } from '../modules/pages';
import { inApiFolder } from '../lib/api-folder';

const defaultWebDist = inApiFolder('../web/dist');

/**
 * The toasts write their styles at run time into an element react-hot-toast's goober finds by
 * id, appending to its first child (hence the space). The page policy allows no inline style
 * without this response's nonce (plugins/security.ts), so the server adds the element, nonce
 * and all, to every page it sends (the web app hands the nonce on to goober: main.tsx). Added
 * here rather than in index.html: the build empties it.
 */
const toastStyleElement = (nonce: string) => `<style id="_goober" nonce="${nonce}"> </style>`;

/**
 * The page's one inline script starts the app's scripts after the first paint (the web build's
 * scripts-after-first-paint.ts, docs/decisions/0050); it runs with this response's script nonce.
 */
const scriptLoaderTag = `<script id="${SCRIPT_LOADER_ELEMENT_ID}"`;
const withNonces = (html: string, nonce: { script: string; style: string }) =>
  html
    .replace(`${scriptLoaderTag}>`, `${scriptLoaderTag} nonce="${nonce.script}">`)
    .replace('</head>', `${toastStyleElement(nonce.style)}</head>`);

/** A browser opening a page of the app (not an API call, a picture or a script). */
const isPageRequest = (request: FastifyRequest) =>
  request.method === 'GET' &&
  !request.url.startsWith('/api/') &&
  !request.url.startsWith('/uploads/') &&
  (request.headers.accept ?? '').includes('text/html');

/** A product page whose tool is not in the shop is the Not found page (docs/behaviour.md §2.12). */
const isMissingProduct = (data: PageData) => data.product !== undefined && data.product.tool === null;

/**
 * Serves the built web app: the public pages rendered to HTML (home, the products and a product
 * page at each request, blogs and contact as built; docs/decisions/0017), and for any other
 * page of the app the empty shell, so that deep links such as /dashboard/my-orders load
 * directly; each time with its own nonces (see above). A path the app has no page at, and
 * a product page of a tool not in the shop, are its Not found page with status 404. Also
 * /sitemap.xml and /robots.txt for search engines (docs/behaviour.md §2.12). Pictures under
 * /uploads are plugins/uploads.ts's.
 */
export default fp(
  async (app) => {
    const publicUrl = publicUrlOf(app.config);
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .type('application/xml; charset=utf-8')
        .send(sitemapXml(publicUrl, await app.catalogue.tools.list())),
    );
    app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(robotsTxt(publicUrl)),
    );

    const webDist = path.resolve(app.config.WEB_DIST_DIR ?? defaultWebDist);
    const pageFile = path.join(webDist, 'index.html');
    const page = existsSync(pageFile) ? readFileSync(pageFile, 'utf8') : null;
    const sendPage = (html: string, reply: FastifyReply) =>
      reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(withNonces(html, reply.cspNonce));

    if (page) {
      const built = await loadBuiltPages(webDist);
      if (!built) app.log.warn(`No server bundle in ${webDist}: the browser renders every page`);
      const renderedPerRequest = built?.renderer.pagesRenderedPerRequest ?? {};
      // A page that cannot be rendered (the database is down) goes out as the shell: the browser
      // then fetches, and shows the failure as it would have without server rendering.
      const renderPage = async (url: string, keys: readonly PageDataKey[], params: { id?: string } = {}) => {
        let status = 200;
        try {
          const data = await loadPageData(
            { catalogue: app.catalogue, db: app.database.db },
            keys,
            url,
            params,
          );
          if (isMissingProduct(data)) status = 404;
          return { status, html: await built!.renderer.renderPage({ url, template: page, data, publicUrl }) };
        } catch (error) {
          app.log.error({ err: error, url }, 'could not render the page: sending the shell');
          return { status, html: page };
        }
      };
      for (const [pagePath, keys] of Object.entries(renderedPerRequest)) {
        app.get<{ Params: { id?: string } }>(pagePath, async (request, reply) => {
          const { status, html } = await renderPage(request.url, keys, request.params);
          return sendPage(html, reply.status(status));
        });
      }
      for (const [pagePath, html] of built?.prerendered ?? []) {
        app.get(pagePath, (_request, reply) => sendPage(html, reply));
      }
      if (!('/' in renderedPerRequest)) app.get('/', (_request, reply) => sendPage(page, reply));
      // Deep links get the page from a route rather than from the not-found handler: only routes
      // get the route hooks, compression among them (plugins/compression.ts).
      // A path the app has no page at is its Not found page, rendered, with 404 (search engines
      // must not index it); without the server bundle the app's paths are unknown: the shell, 200.
      app.get('/*', { schema: { hide: true } }, async (request, reply) => {
        if (!isPageRequest(request)) return reply.callNotFound();
        const pathname = request.url.split('?')[0]!;
        if (!built) return sendPage(page, reply);
        // A page rendered per request whose route did not match: its parameter is longer than
        // the router takes, so no tool has it. Rendered all the same, it is the Not found page
        // with 404, never the shell with 200 (docs/behaviour.md §3.5).
        for (const [pagePath, keys] of Object.entries(renderedPerRequest)) {
          const params = pagePathParams(pagePath, pathname);
          if (!params) continue;
          const { status, html } = await renderPage(request.url, keys, params);
          return sendPage(html, reply.status(status));
        }
        if (built.renderer.isAppPath(pathname))
          return sendPage(built.renderer.shellPage(page, pathname), reply);
        const { html } = await renderPage(request.url, []);
        return sendPage(html, reply.status(404));
      });
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        // The build writes a .br and a .gz beside each text asset; send the one the browser takes.
        preCompressed: true,
        // Hashed assets never change; everything else is revalidated.
        setHeaders: (res, filePath) => {
          const isAsset = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    } else {
      app.log.warn(`No built web app at ${webDist}: run "npm run build" to serve the shop's pages`);
    }

    app.setNotFoundHandler((request, reply) => {
      // The path is named, cut short: an answer never echoes a request back at length.
      const pathname = request.url.split('?')[0]!;
      const named = pathname.length > 100 ? `${pathname.slice(0, 100)}…` : pathname;
      return reply.status(404).send({ code: 'not-found', message: `No route ${request.method} ${named}` });
    });
  },
  { name: 'web', dependencies: ['catalogue'] },
);
