/**
 * The server's side of the web app (docs/decisions/0017): built by `vite build --ssr`
 * (scripts/build.mjs) and loaded by the API (apps/api/src/plugins/web.ts). It renders a public
 * page to HTML as a signed-out visitor sees it, with the data the API hands it, and puts the
 * query cache beside it so the browser hydrates that HTML without fetching the data again.
 */
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { matchPath, StaticRouter } from 'react-router';
import {
  PAGE_STATE_ELEMENT_ID,
  type PageData,
  type PageDataKey,
  type ServerRenderer,
} from '@shop/shared/server-rendering';
import { documentTitle } from '@/components/ui/use-page-title';
import { pageDescriptions, pageTitles } from '@/config/page-titles';
import { paths, routePattern } from '@/config/paths';
import { seedTools } from '@/features/catalog/api/get-tools';
import { seedToolsPage } from '@/features/catalog/api/search-tools';
import { seedReviews } from '@/features/reviews/api/get-reviews';
import { toTool } from '@/lib/domain/tool';
import { seedProduct } from '@/lib/queries/get-tool';
import { escapeHtml, jsonForScript, metaDescription, productHeadTags } from '@/lib/page-head';
import { createQueryClient } from '@/lib/query-client';
import { ShopApp } from './app/shop-app';

const PRODUCT_PATH = routePattern(paths.product);

/**
 * Home, the products and a product page show the catalogue and reviews: rendered at each
 * request, never stale. The product page's path names its tool (docs/behaviour.md §3.5).
 */
export const pagesRenderedPerRequest: ServerRenderer['pagesRenderedPerRequest'] = {
  [paths.home]: ['tools', 'reviews'],
  [paths.products]: ['toolsPage'],
  [PRODUCT_PATH]: ['product'],
};

/** Every path the web app has a page at (the router's too); any other is its Not found page. */
const appPaths: readonly string[] = Object.values(paths).map(routePattern);

export const isAppPath: ServerRenderer['isAppPath'] = (pathname) =>
  appPaths.some((pattern) => matchPath(pattern, pathname) !== null);

/** The blogs and contact pages show no data: rendered once, when the app is built. */
export const prerenderedPages: ServerRenderer['prerenderedPages'] = [paths.blogs, paths.contact];

const heads: Record<string, { title: string; description: string }> = {
  [paths.home]: { title: pageTitles.home, description: pageDescriptions.home },
  [paths.blogs]: { title: pageTitles.blogs, description: pageDescriptions.blogs },
  [paths.contact]: { title: pageTitles.contact, description: pageDescriptions.contact },
  [paths.products]: { title: pageTitles.products, description: pageDescriptions.products },
  [paths.login]: { title: pageTitles.login, description: pageDescriptions.login },
  [paths.signup]: { title: pageTitles.signup, description: pageDescriptions.signup },
};

interface PageHead {
  title?: string;
  description?: string;
  /** More tags for the head (a product's Open Graph and JSON-LD). */
  tags: string;
}

/** The head of the page at `pathname` (docs/behaviour.md §2.12); undefined keeps the template's. */
function pageHead(pathname: string, data: PageData, publicUrl: string | undefined): PageHead {
  if (!isAppPath(pathname)) return { title: pageTitles.notFound, tags: '' };
  if (data.product) {
    if (!data.product.tool) return { title: pageTitles.notFound, tags: '' };
    const tool = toTool(data.product.tool);
    const base = publicUrl ?? '';
    return {
      title: tool.name,
      description: metaDescription(tool.description),
      tags: publicUrl ? productHeadTags(tool, `${base}${paths.product(tool.id)}`, publicUrl) : '',
    };
  }
  return { ...heads[pathname], tags: '' };
}

const seeders: { [Key in PageDataKey]-?: (client: QueryClient, data: NonNullable<PageData[Key]>) => void } = {
  tools: seedTools,
  reviews: seedReviews,
  toolsPage: seedToolsPage,
  product: seedProduct,
};

export const renderPage: ServerRenderer['renderPage'] = async ({ url, template, data, publicUrl }) => {
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
  return withHead(template, pageHead(pathname, data, publicUrl), preloads).replace(
    '<div id="root"></div>',
    `<div id="root">${html}</div><script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">${jsonForScript(dehydrate(queryClient))}</script>`,
  );
};

/**
 * The shell of a page the server does not render (signed-in pages, login, sign-up) with the
 * page's own title and description where it has them (docs/behaviour.md §2.12).
 */
export const shellPage: ServerRenderer['shellPage'] = (template, pathname) =>
  withHead(template, { ...heads[pathname], tags: '' });

/** The template with the page's title, description and further head tags (after the title). */
function withHead(template: string, { title, description, tags }: PageHead, preloads = ''): string {
  return template
    .replace(/<title>[^<]*<\/title>/, (tag) =>
      title === undefined ? tag : `<title>${escapeHtml(documentTitle(title))}</title>`,
    )
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, (tag) =>
      description === undefined ? tag : `<meta name="description" content="${escapeHtml(description)}" />`,
    )
    .replace('</title>', `</title>${preloads}${tags}`);
}

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
