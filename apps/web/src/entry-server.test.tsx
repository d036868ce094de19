import { describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import { PAGE_STATE_ELEMENT_ID } from '@shop/shared/server-rendering';
import { aReview, aTool } from '@/test/fixtures';
import { renderPage } from './entry-server';

// Hydrating the result is left to the browser journeys (which fail on any hydration error): in
// this one jsdom process the client renderer met the server render's router ('a <Router> inside
// another <Router>').
const template =
  '<!doctype html><html lang="en"><head><title>Brushworks</title></head><body><div id="root"></div></body></html>';

const bodyOf = (html: string) => html.slice(html.indexOf('<body>'));

/** The query cache the page hands to the browser. */
const stateOf = (html: string) =>
  JSON.parse(
    new DOMParser().parseFromString(html, 'text/html').getElementById(PAGE_STATE_ELEMENT_ID)!.textContent!,
  ) as { queries: { queryKey: string[]; state: { data: unknown } }[] };

describe('a page rendered by the server', () => {
  it('shows the products with the page title, and carries them for the browser in the shape it reads', async () => {
    const html = await renderPage({
      url: '/all-products',
      template,
      data: { tools: [aTool({ _id: 't1', name: 'Badger Hair Brush' })] },
    });
    expect(html).toContain('<title>Painting tools · Brushworks</title>');
    expect(bodyOf(html)).toContain(copy.productsHeading);
    expect(bodyOf(html)).toContain('Badger Hair Brush');
    const [tools] = stateOf(html).queries;
    expect(tools!.queryKey).toEqual(['GET /tool', {}]);
    expect(tools!.state.data).toEqual([expect.objectContaining({ id: 't1', name: 'Badger Hair Brush' })]);
  });

  it('home: the hero preloaded from the head, the newest review first, no style attribute, the form waiting', async () => {
    const html = await renderPage({
      url: '/',
      template,
      data: {
        tools: [aTool({ name: 'Sash Brush' })],
        reviews: [aReview({ _id: 'r1', name: 'Old Review' }), aReview({ _id: 'r2', name: 'New Review' })],
      },
    });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(
      /<link rel="preload" as="image" imageSrcSet="\/hero-400w\.webp 400w, \/hero-800w\.webp 800w"[^>]*fetchPriority="high"/,
    );
    const body = bodyOf(html);
    expect(body).not.toContain('<link');
    expect(body.indexOf('New Review')).toBeLessThan(body.indexOf('Old Review'));
    // The page policy refuses style attributes: the carousel (which sets them) waits for the script.
    expect(body).not.toMatch(/\sstyle="/);
    expect(body).toMatch(/<fieldset disabled=""/);
  });

  it('a review cannot end the state element early', async () => {
    const html = await renderPage({
      url: '/',
      template,
      data: { tools: [], reviews: [aReview({ review: 'Great </script><script>alert(1)</script>' })] },
    });
    expect(html).not.toContain('<script>alert(1)');
    expect(JSON.stringify(stateOf(html))).toContain('</script><script>alert(1)</script>');
  });
});

describe('the product page rendered by the server (docs/behaviour.md §3.5)', () => {
  const template =
    '<!doctype html><html lang="en"><head><meta name="description" content="The shop." /><title>Brushworks</title></head><body><div id="root"></div></body></html>';
  const publicUrl = 'https://shop.example';
  const render = (tool: ReturnType<typeof aTool> | null, id = tool?._id ?? 'gone') =>
    renderPage({ url: `/tools/${id}`, template, data: { product: { id, tool } }, publicUrl });
  const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
  const jsonLdOf = (html: string) => {
    const scripts = new DOMParser()
      .parseFromString(html, 'text/html')
      .querySelectorAll('script[type="application/ld+json"]');
    expect(scripts).toHaveLength(1);
    return JSON.parse(scripts[0]!.textContent!) as Record<string, unknown> & {
      offers: Record<string, unknown>;
    };
  };
  const metaOf = (html: string, property: string) =>
    new DOMParser()
      .parseFromString(html, 'text/html')
      .querySelector(`meta[property="${property}"]`)
      ?.getAttribute('content');

  it('shows every field of the tool, its picture in three widths, and Place Order to the purchase page', async () => {
    const html = await render(
      aTool({
        _id: 't7',
        name: 'Angled Sash Brush',
        availableQuantity: 1200,
        orderQuantity: 50,
        perPartsPrice: 7,
      }),
    );
    const body = bodyOf(html);
    expect(body).toContain('<h1');
    expect(body).toContain('Angled Sash Brush');
    expect(body).toMatch(/Availabe Quantity(<!-- -->)?:<\/dt><dd>1,200<\/dd>/);
    expect(body).toMatch(/Unit Price:<\/dt><dd>\$7<\/dd>/);
    expect(body).toMatch(/Min-Order Quantity:<\/dt><dd>50<\/dd>/);
    expect(body).toMatch(/Ship Price:<\/dt><dd>\$25<\/dd>/);
    expect(body).toContain('href="/purchase/t7"');
    expect(body).toContain(
      'srcSet="/uploads/sash-brush-400w.webp 400w, /uploads/sash-brush-800w.webp 800w, /uploads/sash-brush.webp 1600w"',
    );
    // A phone is offered the two narrow widths only.
    expect(body).toMatch(
      /<source media="\(max-width: 767px\)" srcSet="\/uploads\/sash-brush-400w\.webp 400w, \/uploads\/sash-brush-800w\.webp 800w"/,
    );
    const [product] = stateOf(html).queries;
    expect(product!.queryKey).toEqual(['GET /tool/:id', { id: 't7' }, 'or-null']);
    expect(product!.state.data).toMatchObject({ id: 't7', name: 'Angled Sash Brush' });
  });

  it('its head: title, description, canonical address, Open Graph, and a Product with its Offer', async () => {
    const html = await render(
      aTool({
        _id: 't7',
        name: 'Angled Sash Brush',
        description: 'A 50 mm angled brush\nfor cutting in.',
        perPartsPrice: 7,
        availableQuantity: 500,
        orderQuantity: 100,
      }),
    );
    const head = headOf(html);
    expect(head).toContain('<title>Angled Sash Brush · Brushworks</title>');
    expect(head).toContain('<meta name="description" content="A 50 mm angled brush for cutting in." />');
    expect(head).not.toContain('The shop.');
    expect(head).toContain('<link rel="canonical" href="https://shop.example/tools/t7" />');
    expect(metaOf(html, 'og:type')).toBe('product');
    expect(metaOf(html, 'og:title')).toBe('Angled Sash Brush');
    expect(metaOf(html, 'og:url')).toBe('https://shop.example/tools/t7');
    expect(metaOf(html, 'og:image')).toBe('https://shop.example/uploads/sash-brush.webp');
    expect(metaOf(html, 'product:price:amount')).toBe('7.00');
    expect(jsonLdOf(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Angled Sash Brush',
      image: 'https://shop.example/uploads/sash-brush.webp',
      offers: {
        '@type': 'Offer',
        url: 'https://shop.example/tools/t7',
        price: '7.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        eligibleQuantity: { minValue: 100 },
      },
    });
  });

  it('a tool with less stock than its minimum is offered as out of stock', async () => {
    const html = await render(aTool({ availableQuantity: 20, orderQuantity: 100 }));
    expect(jsonLdOf(html).offers.availability).toBe('https://schema.org/OutOfStock');
  });

  it('escapes what an admin typed: a name cannot close the JSON-LD or an attribute', async () => {
    const name = 'Brush </script><script>alert(1)</script> "quoted" & <b>';
    const html = await render(
      aTool({ name, description: 'It\'s "great" </script><img src=x onerror=alert(1)>' }),
    );
    const head = headOf(html);
    expect(head).not.toContain('<script>alert(1)');
    expect(head).not.toContain('<img src=x');
    expect(head.match(/<\/script>/g)).toHaveLength(1);
    expect(jsonLdOf(html).name).toBe(name);
    expect(metaOf(html, 'og:title')).toBe(name);
  });

  it('a tool that is not in the shop renders the Not found page', async () => {
    const html = await render(null, 'gone');
    expect(bodyOf(html)).toContain(copy.notFound);
    expect(headOf(html)).toContain('<title>Page not found · Brushworks</title>');
    expect(html).not.toContain('application/ld+json');
    expect(html).not.toContain('og:title');
  });

  it('knows the paths of the app: any other is Not found', async () => {
    const { isAppPath } = await import('./entry-server');
    for (const path of [
      '/',
      '/all-products',
      '/tools/abc',
      '/purchase/abc',
      '/dashboard/my-orders',
      '/dashboard/payments/o1',
      '/auth/complete',
      '/reset-password',
    ]) {
      expect(isAppPath(path), path).toBe(true);
    }
    for (const path of ['/no-such-page', '/tools', '/tools/a/b', '/dashboard/nothing-here', '/admin']) {
      expect(isAppPath(path), path).toBe(false);
    }
    const { shellPage } = await import('./entry-server');
    const login = shellPage(template, '/login');
    expect(login).toContain('<title>Login · Brushworks</title>');
    expect(login).toMatch(/<meta name="description" content="Log in to your Brushworks account[^"]*" \/>/);
    expect(login).toContain('<div id="root"></div>');
    expect(shellPage(template, '/dashboard/my-orders')).toBe(template);
    const html = await renderPage({ url: '/no-such-page', template, data: {} });
    expect(bodyOf(html)).toContain(copy.notFound);
    expect(html).toContain('<title>Page not found · Brushworks</title>');
  });
});
