import type { Tool } from '@shop/shared/contracts/tools';

/**
 * The public pages a search engine should know (docs/behaviour.md §2.12), besides one page per
 * tool. Sign-in, account and dashboard pages are not listed: they show nothing to a crawler.
 */
const PUBLIC_PAGES = ['/', '/all-products', '/blogs', '/contact'] as const;

/** Where the product page of a tool is (the web app's paths.product). */
const productPath = (id: string) => `/tools/${id}`;

const escapeXml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');

/** /sitemap.xml: every public page and every tool in the shop, as absolute URLs. */
export function sitemapXml(publicUrl: string, tools: readonly Tool[]): string {
  const entries = [
    ...PUBLIC_PAGES.map((path) => `<url><loc>${escapeXml(`${publicUrl}${path}`)}</loc></url>`),
    ...tools.map((tool) => `<url><loc>${escapeXml(`${publicUrl}${productPath(tool._id)}`)}</loc></url>`),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

/** /robots.txt: the shop is open to crawlers; the dashboard, API and checkout are not. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /api/',
    'Disallow: /purchase/',
    'Disallow: /auth/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
