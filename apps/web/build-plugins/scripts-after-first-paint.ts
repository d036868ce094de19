import type { Plugin } from 'vite';
// Relative, not @shop/shared: Vite's bundle of its config leaves packages to Node, which cannot
// load a package written in TypeScript.
import { SCRIPT_LOADER_ELEMENT_ID } from '../../../packages/shared/src/server-rendering.ts';

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * The loader, run by the browser as a classic script (its source goes into the page): once the
 * document is parsed and the first frame after it has been painted, it adds the preload links and
 * the entry script the build would have put in the head. In a tab opened in the background, where
 * no frame is painted until it is shown, it adds them as soon as the document is parsed.
 */
function loadAfterFirstPaint(entry: string, preloads: string[]) {
  const add = (tag: 'link' | 'script', props: Partial<HTMLLinkElement & HTMLScriptElement>) =>
    document.head.append(Object.assign(document.createElement(tag), { crossOrigin: '', ...props }));
  const load = () => {
    for (const href of preloads) add('link', { rel: 'modulepreload', href });
    add('script', { type: 'module', src: entry });
  };
  const afterPaint = () => {
    if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(load));
    else load();
  };
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', afterPaint, { once: true });
  else afterPaint();
}

const loaderSource = (entry: string, preloads: string[]) =>
  `(${loadAfterFirstPaint.toString()})(${JSON.stringify(entry)},${JSON.stringify(preloads)})`;

/**
 * The app's scripts start downloading after the page's first paint, not beside its stylesheet
 * (docs/decisions/0050). The public pages arrive rendered (decision 0017), so a phone on a slow
 * network shows them once the page and its stylesheet are in, instead of sharing the line with
 * 90 kB of script first; hydration starts one round trip later. The page's head keeps the
 * stylesheet; the entry script and its preload links become one inline script, which the server
 * gives the response's script nonce (the page policy runs no other inline script).
 */
export function scriptsAfterFirstPaint(): Plugin {
  return {
    name: 'shop:scripts-after-first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entry = ENTRY_SCRIPT.exec(html)?.[1];
        if (!entry) throw new Error('scripts-after-first-paint: no entry script in index.html');
        const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
        const loader = `<script id="${SCRIPT_LOADER_ELEMENT_ID}">${loaderSource(entry, preloads)}</script>`;
        // In the entry's place, before the stylesheet: an inline script after a stylesheet would
        // wait for it, and hold up the parsing of the page with it.
        return html.replace(MODULE_PRELOAD, '').replace(ENTRY_SCRIPT, `${loader}\n    `);
      },
    },
  };
}
