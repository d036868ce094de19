/**
 * The server's side of the web app (docs/decisions/0017): built by `vite build --ssr`
 * (scripts/build.mjs) and loaded by the API (apps/api/src/plugins/web.ts). It renders a public
 * page to HTML as a signed-out visitor sees it, with the data the API hands it, and puts the
 * query cache beside it so the browser hydrates that HTML without fetching the data again.
 */
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import {
  PAGE_STATE_ELEMENT_ID,
  type PageData,
  type PageDataKey,
  type ServerRenderer,
} from '@shop/shared/server-rendering';
import { documentTitle } from '@/components/ui/use-page-title';
import { pageTitles } from '@/config/page-titles';
import { paths } from '@/config/paths';
import { seedTools } from '@/features/catalog/api/get-tools';
import { seedReviews } from '@/features/reviews/api/get-reviews';
import { createQueryClient } from '@/lib/query-client';
import { ShopApp } from './app/shop-app';

/** Home and the products show the catalogue and reviews: rendered at each request, never stale. */
export const pagesRenderedPerRequest: ServerRenderer['pagesRenderedPerRequest'] = {
  [paths.home]: ['tools', 'reviews'],
  [paths.products]: ['tools'],
};

/** The blogs and contact pages show no data: rendered once, when the app is built. */
export const prerenderedPages: ServerRenderer['prerenderedPages'] = [paths.blogs, paths.contact];

const titles: Record<string, string> = {
  [paths.home]: pageTitles.home,
  [paths.blogs]: pageTitles.blogs,
  [paths.contact]: pageTitles.contact,
  [paths.products]: pageTitles.products,
};

const seeders: { [Key in PageDataKey]-?: (client: QueryClient, data: NonNullable<PageData[Key]>) => void } = {
  tools: seedTools,
  reviews: seedReviews,
};

export const renderPage: ServerRenderer['renderPage'] = async ({ url, template, data }) => {
  const queryClient = createQueryClient();
  for (const key of Object.keys(seeders) as PageDataKey[]) {
    const value = data[key];
    if (value) (seeders[key] as (client: QueryClient, data: typeof value) => void)(queryClient, value);
  }
  const { preloads, html } = await renderToHtml(
    <StaticRouter location={url}>
      <ShopApp queryClient={queryClient} />
    </StaticRouter>,
  );
  const pathname = new URL(url, 'http://shop.invalid').pathname;
  const title = titles[pathname];
  return template
    .replace(/<title>[^<]*<\/title>/, (tag) =>
      title === undefined ? tag : `<title>${escapeHtml(documentTitle(title))}</title>`,
    )
    .replace('</title>', `</title>${preloads}`)
    .replace(
      '<div id="root"></div>',
      `<div id="root">${html}</div><script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${jsonForScript(dehydrate(queryClient))}</script>`,
    );
};

/**
 * The whole page, lazy routes included: prerender waits for every Suspense boundary, so the HTML
 * is complete and React adds no inline script to finish it (the page policy allows none).
 * React starts the markup with preload links for the pictures it sees first (home's hero,
 * fetchpriority high, with its srcset and sizes: the page's LCP element); they move to the head,
 * where the browser finds them before the stylesheet and scripts (after the title), and hydration never sees them.
 */
async function renderToHtml(element: ReactNode): Promise<{ preloads: string; html: string }> {
  const { prelude } = await prerender(element);
  const markup = await new Response(prelude).text();
  const preloads = /^(?:<link [^>]*>)*/.exec(markup)![0];
  return { preloads, html: markup.slice(preloads.length) };
}

/** JSON that cannot end its <script> element early ('</script>' in a review stays text). */
const jsonForScript = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
