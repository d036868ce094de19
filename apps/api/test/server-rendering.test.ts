import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueQueryOf } from '@shop/shared/catalogue-view';
import { copy } from '@shop/shared/copy';
import { PAGE_STATE_ELEMENT_ID, SCRIPT_LOADER_ELEMENT_ID } from '@shop/shared/server-rendering';
import { call } from './helpers/call';
import { openCompany } from './helpers/companies';
import { addTool, openShop, type Shop } from './helpers/test-app';
import { buildWebApp } from './helpers/web-build';

/**
 * The public pages arrive as HTML (docs/decisions/0017): what a visitor sees before any script
 * runs, the data it was rendered with for the browser to pick up, and nothing the page policy
 * refuses.
 */
let ctx: Shop<'rita'>;
let webDist: string;

beforeAll(async () => {
  webDist = buildWebApp();
  ctx = await openShop({
    env: { WEB_DIST_DIR: webDist, PUBLIC_URL: 'https://shop.example' },
    customers: ['rita'],
  });
}, 180_000);
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

const getPage = async (url: string, status = 200) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  expect(response.statusCode, url).toBe(status);
  expect(response.headers['content-type']).toContain('text/html');
  return response.body;
};

/** The page's query cache, as the browser reads it. */
const pageState = (html: string) => {
  const match = new RegExp(
    `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">(.*?)</script>`,
  ).exec(html);
  expect(match, 'the page carries its query cache').not.toBeNull();
  return JSON.parse(match![1]!) as {
    queries: { queryKey: unknown[]; state: { data: { name?: string }[] } }[];
  };
};

const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'));

describe('server-rendered pages', () => {
  it('home shows the recent tools, the newest reviews and the hero, preloaded, before any script', async () => {
    await addTool(ctx.app, ctx.admin, { name: 'Badger Hair Brush' });
    const review = await call(ctx.app, 'POST /review', {
      as: ctx.customers.rita,
      body: { rating: 5, review: 'Cases arrived </script> on time.', address: 'Decorator' },
    });
    expect(review.status).toBe(201);

    const html = await getPage('/');
    expect(rootOf(html)).toContain(copy.homeHeadline);
    expect(rootOf(html)).toContain('Badger Hair Brush');
    expect(rootOf(html)).toContain(ctx.customers.rita.name);
    // The hero is the page's largest paint: its candidates are fetched from the head, at once.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(
      /<link rel="preload" as="image" imageSrcSet="\/hero-400w\.webp 400w, \/hero-800w\.webp 800w" imageSizes="[^"]+" fetchPriority="high"\/>/,
    );
    expect(head).toContain('<title>Brushworks · Painting tools from the manufacturer</title>');

    // Under the web app's query keys (apps/web/src/lib/queries/query-keys.ts): the route's key, then its input.
    const state = pageState(html);
    const dataOf = (queryKey: unknown[]) =>
      state.queries.find((query) => JSON.stringify(query.queryKey) === JSON.stringify(queryKey))?.state.data;
    expect(dataOf(['GET /tool', {}])!.map((tool) => tool.name)).toContain('Badger Hair Brush');
    expect(dataOf(['GET /review', {}])).toHaveLength(1);
  });

  it('keeps to the page policy: the one inline script and the toasts style element carry the nonces, no style attribute', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const html = response.body;
    const policy = String(response.headers['content-security-policy']);
    const styleNonce = /style-src [^;]*'nonce-([^']+)'/.exec(policy)![1];
    const scriptNonce = /script-src [^;]*'nonce-([^']+)'/.exec(policy)![1];
    expect(html).toContain(`<style id="_goober" nonce="${styleNonce}"> </style>`);
    expect(html).not.toMatch(/\sstyle="/);
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(scripts).toEqual([
      `<script id="${SCRIPT_LOADER_ELEMENT_ID}" nonce="${scriptNonce}">`,
      `<script type="application/json" id="${PAGE_STATE_ELEMENT_ID}">`,
    ]);
    // A review's text cannot close the state element early.
    expect(html).not.toContain('Cases arrived </script>');
  });

  it('every page, rendered, built or the shell, starts the app with its loader, whose scripts are served', async () => {
    for (const url of ['/', '/blogs', '/login']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const scriptNonce = /script-src [^;]*'nonce-([^']+)'/.exec(
        String(response.headers['content-security-policy']),
      )![1];
      const loader = new RegExp(
        `<script id="${SCRIPT_LOADER_ELEMENT_ID}" nonce="${scriptNonce}">([\\s\\S]*?)</script>`,
      ).exec(response.body)?.[1];
      expect(loader, url).toBeDefined();
      // The entry and the files it imports; the head itself names no script to fetch at once.
      const scripts = loader!.match(/\/assets\/[\w-]+\.js/g) ?? [];
      expect(scripts.some((file) => file.startsWith('/assets/index-'))).toBe(true);
      expect(response.body).not.toContain('rel="modulepreload"');
      for (const file of scripts) {
        const script = await ctx.app.inject({ method: 'GET', url: file });
        expect(script.statusCode, file).toBe(200);
        expect(script.headers['content-type'], file).toContain('javascript');
      }
    }
  });

  it('the products page lists every tool, and never one deleted a moment ago', async () => {
    const keptId = await addTool(ctx.app, ctx.admin, { name: 'Lambswool Roller' });
    const goneId = await addTool(ctx.app, ctx.admin, { name: 'Discontinued Scraper' });
    expect(await getPage('/all-products')).toContain('Discontinued Scraper');

    const deleted = await call(ctx.app, 'DELETE /delete-tool/:id', { as: ctx.admin, params: { id: goneId } });
    expect(deleted.status).toBe(200);

    const html = await getPage('/all-products');
    expect(rootOf(html)).toContain(copy.productsHeading);
    expect(rootOf(html)).toContain('Lambswool Roller');
    expect(rootOf(html)).toContain(`/purchase/${keptId}`);
    expect(html).not.toContain('Discontinued Scraper');
    expect(html).toContain('<title>Painting tools · Brushworks</title>');
    // The first page of the view (docs/behaviour.md §3.3), under the key the page's query uses.
    expect(pageState(html).queries.map((query) => query.queryKey)).toEqual([
      ['GET /tool', catalogueQueryOf({}), 'pages'],
    ]);
  });

  it('the products page renders the view its URL asks for, searched and filtered', async () => {
    await addTool(ctx.app, ctx.admin, { name: 'Student Easel', category: 'student' });
    await addTool(ctx.app, ctx.admin, { name: 'Student Roller', category: 'home' });
    const html = await getPage('/all-products?q=stud&category=student');
    expect(rootOf(html)).toContain('Student Easel');
    expect(rootOf(html)).not.toContain('Student Roller');
    expect(rootOf(html)).toContain('value="stud"');
    expect(pageState(html).queries.map((query) => query.queryKey)).toEqual([
      ['GET /tool', catalogueQueryOf({ q: 'stud', category: 'student' }), 'pages'],
    ]);
    // A view the API refuses is left to the browser, which shows the API's message.
    const refused = await getPage('/all-products?category=garden');
    expect(rootOf(refused)).toContain(copy.productsHeading);
    expect(pageState(refused).queries).toEqual([]);
  });

  it('blogs and contact are sent as built, with their own titles', async () => {
    const blogs = await getPage('/blogs');
    expect(rootOf(blogs)).toContain(copy.blogsHeading);
    expect(blogs).toContain('<title>Blogs · Brushworks</title>');
    const contact = await getPage('/contact');
    expect(rootOf(contact)).toContain('Stay connected');
    expect(contact).toContain('<title>Contact · Brushworks</title>');
  });

  it('any other page is the empty shell the browser renders, and the server bundle is not served', async () => {
    const login = await getPage('/login');
    expect(login).toContain('<div id="root"></div>');
    expect(login).not.toContain(PAGE_STATE_ELEMENT_ID);
    for (const url of ['/.ssr/entry-server.js', '/.ssr/pages/blogs.html']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('a product page is rendered for everyone: its fields, its head for search engines, its picture first', async () => {
    const id = await addTool(ctx.app, ctx.admin, {
      name: 'Oval Varnish Brush',
      perPartsPrice: 12,
      availableQuantity: 900,
      orderQuantity: 30,
    });
    const html = await getPage(`/tools/${id}`);
    expect(rootOf(html)).toContain('Oval Varnish Brush');
    expect(rootOf(html)).toContain(`href="/purchase/${id}"`);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>Oval Varnish Brush · Brushworks</title>');
    expect(head).toMatch(/<meta name="description" content="[^"]+" \/>/);
    expect(head).toContain(`<meta property="og:url" content="https://shop.example/tools/${id}" />`);
    expect(rootOf(html)).toMatch(/<img [^>]*fetchPriority="high"/);
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(head);
    expect(JSON.parse(jsonLd![1]!)).toMatchObject({
      '@type': 'Product',
      name: 'Oval Varnish Brush',
      offers: { price: '12.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
    expect(pageState(html).queries.map((query) => query.queryKey)).toEqual([
      ['GET /tool/:id', { id }, 'or-null'],
    ]);
  });

  it('a product page says the list price to everyone, a company member with a contract price included', async () => {
    const id = await addTool(ctx.app, ctx.admin, { name: 'Contract Sash Brush', perPartsPrice: 12 });
    const member = ctx.customers.rita;
    const companyId = await openCompany(ctx.app, ctx.admin, member, 'Rita Decorators');
    await call(ctx.app, 'PUT /company/:id/price/:toolId', {
      as: ctx.admin,
      params: { id: companyId, toolId: id },
      body: { unitPrice: 7.25 },
    });
    // The pages are one for all (docs/behaviour.md §3.15): a member's own prices come from the
    // API in the browser, never into HTML or an ETag a cache could hand to someone else.
    const read = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: `/tools/${id}`, headers: { accept: 'text/html', ...headers } });
    const visitor = await read({});
    const asMember = await read({ authorization: `Bearer ${member.token}` });
    for (const page of [visitor, asMember]) {
      expect(page.body).toContain('"price":"12.00"');
      expect(page.body).not.toContain('7.25');
    }
    expect(asMember.headers.etag).toBe(visitor.headers.etag);
  });

  it('an uncategorised tool (added as the spec adds tools) has its page, and is under no category filter', async () => {
    const added = await call(ctx.app, 'POST /tool', {
      as: ctx.admin,
      body: {
        name: 'Loose Scraper',
        img: 'https://images.example.com/scraper.webp',
        perPartsPrice: 4,
        orderQuantity: 20,
        availableQuantity: 800,
        description: 'A stiff scraper for old paint.',
      },
    });
    expect(added.status, added.text).toBe(201);
    const { insertedId } = added.body;
    const html = await getPage(`/tools/${insertedId}`);
    expect(rootOf(html)).toContain('Loose Scraper');
    expect(rootOf(await getPage('/all-products'))).toContain('Loose Scraper');
    const filtered = await getPage('/all-products?category=professional');
    expect(rootOf(filtered)).not.toContain('Loose Scraper');
  });

  it('a tool that is not in the shop, and any unknown path, is the Not found page with 404', async () => {
    const goneId = await addTool(ctx.app, ctx.admin, { name: 'Retired Roller' });
    await call(ctx.app, 'DELETE /delete-tool/:id', { as: ctx.admin, params: { id: goneId } });
    for (const url of [`/tools/${goneId}`, '/tools/not-an-id', '/no-such-page', '/dashboard/nothing-here']) {
      const html = await getPage(url, 404);
      expect(rootOf(html), url).toContain(copy.notFound);
      expect(html, url).toContain('<title>Page not found · Brushworks</title>');
      expect(html, url).not.toContain('Retired Roller');
    }
  });

  it('a product page whose id is too long for any route parameter is the Not found page too, not the shell', async () => {
    // Past Fastify's longest parameter (100 characters) /tools/:id does not match, and the
    // path fell through to the shell of the app's pages with 200 (issue 25).
    for (const url of [
      `/tools/${'a'.repeat(5000)}`,
      `/tools/${'b'.repeat(101)}?ref=x`,
      `/tools/${'%41'.repeat(60)}`,
    ]) {
      const html = await getPage(url, 404);
      expect(rootOf(html), url.slice(0, 20)).toContain(copy.notFound);
      expect(html).toContain('<title>Page not found · Brushworks</title>');
    }
  });

  it('login and sign-up carry their own title and description in the shell', async () => {
    const login = await getPage('/login');
    expect(login).toContain('<title>Login · Brushworks</title>');
    expect(login).toMatch(/<meta name="description" content="Log in to your Brushworks account[^"]*" \/>/);
    expect(await getPage('/signup')).toContain('<title>Sign Up · Brushworks</title>');
  });

  it('deep links to the pages of the app still answer 200', async () => {
    for (const url of [
      '/dashboard/my-orders',
      '/dashboard/payments/x',
      `/purchase/${crypto.randomUUID()}`,
      '/login',
      '/reset-password?token=x',
    ]) {
      const html = await getPage(url);
      expect(html, url).toContain('<div id="root"></div>');
    }
  });
});
