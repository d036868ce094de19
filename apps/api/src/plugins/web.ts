import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

const defaultWebDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Serves the built web app at /, with a fallback to index.html so that deep links such as
 * /dashboard/my-orders load directly. Pictures under /uploads are plugins/uploads.ts's.
 */
export default fp(
  async (app) => {
    const webDist = path.resolve(app.config.WEB_DIST_DIR ?? defaultWebDist);
    const hasWebApp = existsSync(path.join(webDist, 'index.html'));
    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        // Hashed assets never change; index.html is always revalidated.
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
      if (hasWebApp && isPageRequest) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist);
      }
      return reply
        .status(404)
        .send({ code: 'not-found', message: `No route ${request.method} ${request.url.split('?')[0]}` });
    });
  },
  { name: 'web' },
);
