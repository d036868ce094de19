import type { Tool } from '@/lib/domain/tool';

/**
 * What a search engine and a link preview read in a page's head (docs/behaviour.md §2.12): the
 * product page's Open Graph tags and its schema.org Product, built by the server bundle
 * (entry-server.tsx). Every value is escaped for where it goes: attributes, and JSON inside a
 * <script> element that text cannot close.
 */

const SITE_NAME = 'Brushworks';
const CURRENCY = 'USD';
/** A search result shows about this many characters of a description. */
const DESCRIPTION_LENGTH = 160;

export const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/** JSON that cannot end its <script> element early, nor start a comment or break a line. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');

/** The description on one line, cut at a word near 160 characters. */
export function metaDescription(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_LENGTH) return line;
  const cut = line.slice(0, DESCRIPTION_LENGTH - 1);
  const atWord = cut.slice(0, cut.lastIndexOf(' ')).trimEnd();
  return `${atWord.length > DESCRIPTION_LENGTH / 2 ? atWord : cut}…`;
}

/** A URL of ours made absolute against the shop's public address; others stay as they are. */
const absoluteUrl = (url: string, publicUrl: string) => (url.startsWith('/') ? `${publicUrl}${url}` : url);

/** Whether a tool can be ordered now: enough stock for its minimum order. */
const isOrderable = (tool: Tool) => tool.availableQuantity >= tool.minOrderQuantity;

/** The schema.org Product of a product page, with its Offer (price, currency, availability). */
function productJsonLd(tool: Tool, pageUrl: string, publicUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': pageUrl,
    name: tool.name,
    description: tool.description,
    sku: tool.id,
    image: absoluteUrl(tool.imageUrl, publicUrl),
    brand: { '@type': 'Brand', name: SITE_NAME },
    offers: {
      '@type': 'Offer',
      url: pageUrl,
      price: tool.unitPrice.toFixed(2),
      priceCurrency: CURRENCY,
      availability: isOrderable(tool) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      eligibleQuantity: { '@type': 'QuantitativeValue', minValue: tool.minOrderQuantity },
      inventoryLevel: { '@type': 'QuantitativeValue', value: tool.availableQuantity },
    },
  };
}

/** The head tags of a product page: canonical address, Open Graph, and the Product JSON-LD. */
export function productHeadTags(tool: Tool, pageUrl: string, publicUrl: string): string {
  const widest = tool.images.at(-1);
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}" />`;
  return [
    `<link rel="canonical" href="${escapeHtml(pageUrl)}" />`,
    meta('og:type', 'product'),
    meta('og:site_name', SITE_NAME),
    meta('og:title', tool.name),
    meta('og:description', metaDescription(tool.description)),
    meta('og:url', pageUrl),
    meta('og:image', absoluteUrl(tool.imageUrl, publicUrl)),
    ...(widest ? [meta('og:image:width', String(widest.width))] : []),
    meta('og:image:alt', tool.name),
    meta('product:price:amount', tool.unitPrice.toFixed(2)),
    meta('product:price:currency', CURRENCY),
    `<script type="application/ld+json">${jsonForScript(productJsonLd(tool, pageUrl, publicUrl))}</script>`,
  ].join('');
}
