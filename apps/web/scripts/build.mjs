/**
 * `npm run build`: the web app for the browser (dist/), then its server bundle (dist/.ssr/,
 * which the API loads to render public pages), then the pages that show no data, rendered once
 * into dist/.ssr/pages/<path>.html (docs/decisions/0017). Nothing under a dot folder is served,
 * like Vite's own dist/.vite/manifest.json.
 * Takes Vite's --outDir, --emptyOutDir and --logLevel (the browser journeys build into a folder
 * of their own).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: options } = parseArgs({
  options: {
    outDir: { type: 'string', default: 'dist' },
    emptyOutDir: { type: 'boolean' },
    logLevel: { type: 'string' },
  },
});
const outDir = path.resolve(root, options.outDir);
const serverDir = path.join(outDir, '.ssr');
const logLevel = options.logLevel;

await build({ root, logLevel, build: { outDir, emptyOutDir: options.emptyOutDir } });

await build({
  root,
  logLevel,
  // React, the router and the query library go into the bundle: it runs from any folder (the
  // journeys build into /tmp), with no node_modules beside it.
  ssr: { noExternal: true },
  // React's production server renderer, whatever NODE_ENV the API later runs with.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: serverDir,
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
    // One file for the server to load: its size costs nothing over the network.
    chunkSizeWarningLimit: 1000,
  },
});

const renderer = await import(pathToFileURL(path.join(serverDir, 'entry-server.js')).href);
const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
await mkdir(path.join(serverDir, 'pages'), { recursive: true });
for (const page of renderer.prerenderedPages) {
  const html = await renderer.renderPage({ url: page, template, data: {} });
  // '/blogs' -> pages/blogs.html; apps/api/src/plugins/web.ts reads them by the same rule.
  await writeFile(path.join(serverDir, 'pages', `${page.slice(1)}.html`), html);
}
