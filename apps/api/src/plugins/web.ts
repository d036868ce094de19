import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { PageDataKey } from '@shop/shared/server-rendering';
import { loadBuiltPages } from '../modules/pages/built-pages';
import { loadPageData } from '../modules/pages/page-data';

const defaultWebDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * The toasts write their styles at run time into an element react-hot-toast's goober finds by
 * id, appending to its first child (hence the space). The page policy allows no inline style
 * without this response's nonce (plugins/security.ts), so the server adds the element, nonce
 * and all, to every page it sends (the web app hands the nonce on to goober: main.tsx). Added
 * here rather than in index.html: the build empties it.
 */
const toastStyleElement = (nonce: string) => `<style id="_goober" nonce="${nonce}"> </style>`;

/** A browser opening a page of the app (not an API call, a picture or a script). */
const isPageRequest = (request: FastifyRequest) =>
  request.method === 'GET' &&
  !request.url.startsWith('/api/') &&
  !request.url.startsWith('/uploads/') &&
  (request.headers.accept ?? '').includes('text/html');

/**
 * Serves the built web app: the public pages rendered to HTML (home and the products at each
 * request, blogs and contact as built; docs/decisions/0017), and for any other page the empty
 * shell, so that deep links such as /dashboard/my-orders load directly; each time with its own
 * style nonce (see above). Pictures under /uploads are plugins/uploads.ts's.
 */
export default fp(
  async (app) => {
    const webDist = path.resolve(app.config.WEB_DIST_DIR ?? defaultWebDist);
    const pageFile = path.join(webDist, 'index.html');
    const page = existsSync(pageFile) ? readFileSync(pageFile, 'utf8') : null;
    const sendPage = (html: string, reply: FastifyReply) =>
      reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(html.replace('</head>', `${toastStyleElement(reply.cspNonce.style)}</head>`));

    if (page) {
      const built = await loadBuiltPages(webDist);
      if (!built) app.log.warn(`No server bundle in ${webDist}: the browser renders every page`);
      const renderedPerRequest = built?.renderer.pagesRenderedPerRequest ?? {};
      // A page that cannot be rendered (the database is down) goes out as the shell: the browser
      // then fetches, and shows the failure as it would have without server rendering.
      const renderPage = async (url: string, keys: readonly PageDataKey[]) => {
        try {
          const data = await loadPageData(app.catalogue, keys);
          return await built!.renderer.renderPage({ url, template: page, data });
        } catch (error) {
          app.log.error({ err: error, url }, 'could not render the page: sending the shell');
          return page;
        }
      };
      for (const [pagePath, keys] of Object.entries(renderedPerRequest)) {
        app.get(pagePath, async (request, reply) => sendPage(await renderPage(request.url, keys), reply));
      }
      for (const [pagePath, html] of built?.prerendered ?? []) {
        app.get(pagePath, (_request, reply) => sendPage(html, reply));
      }
      if (!('/' in renderedPerRequest)) app.get('/', (_request, reply) => sendPage(page, reply));
      // Deep links get the page from a route rather than from the not-found handler: only routes
      // get the route hooks, compression among them (plugins/compression.ts).
      app.get('/*', { schema: { hide: true } }, (request, reply) =>
        isPageRequest(request) ? sendPage(page, reply) : reply.callNotFound(),
      );
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

    app.setNotFoundHandler((request, reply) =>
      reply
        .status(404)
        .send({ code: 'not-found', message: `No route ${request.method} ${request.url.split('?')[0]}` }),
    );
  },
  { name: 'web', dependencies: ['catalogue'] },
);
