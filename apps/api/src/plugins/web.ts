import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

const defaultWebDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** Where the page carries the style nonce (apps/web/index.html); a new one for every response. */
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * Serves the built web app at /, with a fallback to the page so that deep links such as
 * /dashboard/my-orders load directly. The page is sent with this response's style nonce filled
 * in (plugins/security.ts). Pictures under /uploads are plugins/uploads.ts's.
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
        .send(html.replaceAll(NONCE_PLACEHOLDER, reply.cspNonce.style));

    if (page) {
      app.get('/', (_request, reply) => sendPage(page, reply));
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
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
      const isPageRequest =
        request.method === 'GET' &&
        !request.url.startsWith('/api/') &&
        !request.url.startsWith('/uploads/') &&
        (request.headers.accept ?? '').includes('text/html');
      if (page && isPageRequest) return sendPage(page, reply);
      return reply
        .status(404)
        .send({ code: 'not-found', message: `No route ${request.method} ${request.url.split('?')[0]}` });
    });
  },
  { name: 'web' },
);
