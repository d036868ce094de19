import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/call';
import { addTool, openShop, type Shop } from './helpers/test-app';

/**
 * What search engines read besides the pages (docs/behaviour.md §2.12): the sitemap lists the
 * public pages and every tool in the shop with the shop's public address; robots.txt opens the
 * shop and closes the dashboard and the API.
 */
let ctx: Shop<never>;
const PUBLIC_URL = 'https://shop.example';

beforeAll(async () => {
  ctx = await openShop({ env: { PUBLIC_URL: `${PUBLIC_URL}/` } });
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

/** The <loc> of every entry. */
const locationsIn = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

describe('/sitemap.xml', () => {
  it('lists the public pages and every tool, as absolute addresses, and drops a deleted tool', async () => {
    const kept = await addTool(ctx.app, ctx.admin, { name: 'Badger Brush' });
    const gone = await addTool(ctx.app, ctx.admin, { name: 'Old Scraper' });
    expect(locationsIn((await get('/sitemap.xml')).body)).toContain(`${PUBLIC_URL}/tools/${gone}`);

    const deleted = await call(ctx.app, 'DELETE /delete-tool/:id', { as: ctx.admin, params: { id: gone } });
    expect(deleted.status).toBe(200);

    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
    );
    const locations = locationsIn(response.body);
    expect(locations).toEqual([
      `${PUBLIC_URL}/`,
      `${PUBLIC_URL}/all-products`,
      `${PUBLIC_URL}/blogs`,
      `${PUBLIC_URL}/contact`,
      `${PUBLIC_URL}/tools/${kept}`,
    ]);
    expect(response.body).not.toContain('/dashboard');
    expect(response.body).not.toContain('/login');
  });
});

describe('/robots.txt', () => {
  it('allows the shop, keeps crawlers out of the dashboard, the API and checkout, and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /',
        'Disallow: /dashboard',
        'Disallow: /api/',
        'Disallow: /purchase/',
        `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
      ]),
    );
  });
});
