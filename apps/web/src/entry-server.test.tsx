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
    expect(tools!.queryKey).toEqual(['tools', 'list']);
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
      /<link rel="preload" as="image" imageSrcSet="[^"]*hero-960\.webp 960w"[^>]*fetchPriority="high"/,
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
