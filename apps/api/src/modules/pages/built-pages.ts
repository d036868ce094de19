import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerRenderer } from '@shop/shared/server-rendering';

export interface BuiltPages {
  renderer: ServerRenderer;
  /** The pages rendered at build time, by path ('/blogs'), as whole documents. */
  prerendered: Map<string, string>;
}

/**
 * The web app's server bundle and the pages it rendered at build time (apps/web/scripts/build.mjs
 * writes both under dist/.ssr/: the bundle as entry-server.js, the page '/blogs' as
 * pages/blogs.html). Null for a build without them: every page is then the empty shell that the
 * browser renders.
 */
export async function loadBuiltPages(webDist: string): Promise<BuiltPages | null> {
  const serverDir = path.join(webDist, '.ssr');
  const bundle = path.join(serverDir, 'entry-server.js');
  if (!existsSync(bundle)) return null;
  const renderer = (await import(pathToFileURL(bundle).href)) as ServerRenderer;
  const prerendered = new Map<string, string>();
  for (const page of renderer.prerenderedPages) {
    prerendered.set(page, await readFile(path.join(serverDir, 'pages', `${page.slice(1)}.html`), 'utf8'));
  }
  return { renderer, prerendered };
}
