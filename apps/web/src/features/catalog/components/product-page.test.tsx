import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { copy } from '@shop/shared/copy';
import { mockApi } from '@/test/fetch-mock';
import { aTool } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const sashBrush = aTool({
  _id: 't1',
  name: 'Angled Sash Brush',
  availableQuantity: 1200,
  orderQuantity: 50,
  perPartsPrice: 3,
  description: 'A 50 mm angled brush for cutting in along frames and ceilings.',
});

describe('product page (docs/behaviour.md §3.5)', () => {
  it("shows the tool's own ship price, pack size and volume prices (§3.7)", async () => {
    mockApi({
      'GET /tool/:id': {
        params: { id: 't1' },
        body: {
          ...sashBrush,
          shipPrice: 30,
          packSize: 10,
          priceBreaks: [{ fromQuantity: 200, unitPrice: 2.7 }],
        },
      },
    });
    renderApp('/tools/t1');
    const heading = await screen.findByRole('heading', { name: 'Angled Sash Brush', level: 1 });
    const page = within(heading.closest('article')!);
    expect(page.getByText('Ship Price:').nextSibling).toHaveTextContent('$30');
    expect(page.getByText('Pack of:').nextSibling).toHaveTextContent('10');
    expect(page.getByRole('table', { name: 'Volume prices for Angled Sash Brush' })).toHaveTextContent(
      '200+',
    );
  });

  it("shows a company member's contract price, with the list price struck through, excluding tax (§3.15, §5.22)", async () => {
    mockApi({
      'GET /tool/:id': { params: { id: 't1' }, body: { ...sashBrush, perPartsPrice: 2.4, listPrice: 3 } },
    });
    renderApp('/tools/t1');
    const heading = await screen.findByRole('heading', { name: 'Angled Sash Brush', level: 1 });
    const price = within(heading.closest('article')!).getByText('Unit Price:').nextElementSibling!;
    expect(price).toHaveTextContent('$2.40');
    expect(price.querySelector('s')).toHaveTextContent('list price $3');
    expect(price).toHaveTextContent('Your contract price excl. tax');
  });

  it('is public: every field of the tool, its title, and the whole description', async () => {
    mockApi({ 'GET /tool/:id': { params: { id: 't1' }, body: sashBrush } });
    renderApp('/tools/t1');
    const heading = await screen.findByRole('heading', { name: 'Angled Sash Brush', level: 1 });
    const page = within(heading.closest('article')!);
    expect(page.getByText('SKU:').nextSibling).toHaveTextContent('BR-50A');
    expect(page.getByText(`${copy.availableQuantityLabel}:`).nextSibling).toHaveTextContent('1,200');
    expect(page.getByText('Unit Price:').nextSibling).toHaveTextContent('$3');
    expect(page.getByText('Unit Price:').nextSibling).not.toHaveTextContent('tax');
    expect(page.getByText('Min-Order Quantity:').nextSibling).toHaveTextContent('50');
    expect(page.getByText('Ship Price:').nextSibling).toHaveTextContent('$25');
    expect(page.getByText(sashBrush.description)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Angled Sash Brush · Brushworks'));
  });

  it('offers the picture in every stored width, so that a phone takes a narrow one', async () => {
    mockApi({ 'GET /tool/:id': { params: { id: 't1' }, body: sashBrush } });
    renderApp('/tools/t1');
    const picture = await screen.findByRole('img', { name: 'Angled Sash Brush' });
    expect(picture).toHaveAttribute('src', '/uploads/sash-brush.webp');
    expect(picture).toHaveAttribute(
      'srcset',
      '/uploads/sash-brush-400w.webp 400w, /uploads/sash-brush-800w.webp 800w, /uploads/sash-brush.webp 1600w',
    );
    expect(picture.getAttribute('sizes')).toMatch(/calc\(100vw - 32px\)$/);
    // A phone, even with a 3x screen, is offered the 400 and 800 px widths only.
    const phoneSource = picture.parentElement!.querySelector('source')!;
    expect(phoneSource).toHaveAttribute('media', '(max-width: 767px)');
    expect(phoneSource).toHaveAttribute(
      'srcset',
      '/uploads/sash-brush-400w.webp 400w, /uploads/sash-brush-800w.webp 800w',
    );
  });

  it('a picture on another host is shown as it is, without srcset', async () => {
    mockApi({
      'GET /tool/:id': {
        params: { id: 't1' },
        body: { ...sashBrush, img: 'https://cdn.example/b.jpg', images: [] },
      },
    });
    renderApp('/tools/t1');
    const picture = await screen.findByRole('img', { name: 'Angled Sash Brush' });
    expect(picture).toHaveAttribute('src', 'https://cdn.example/b.jpg');
    expect(picture).not.toHaveAttribute('srcset');
    expect(picture).not.toHaveAttribute('sizes');
    expect(picture.parentElement!.querySelector('source')).toBeNull();
  });

  it('Place Order asks a visitor to sign in first', async () => {
    mockApi({ 'GET /tool/:id': { params: { id: 't1' }, body: sashBrush } });
    const { router } = renderApp('/tools/t1');
    await userEvent.click(await screen.findByRole('link', { name: /Place Order/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('a tool that is not in the shop shows the Not found page', async () => {
    mockApi({
      'GET /tool/:id': {
        params: { id: 'gone' },
        status: 404,
        body: { code: 'not-found', message: 'Tool not found' },
      },
    });
    renderApp('/tools/gone');
    expect(await screen.findByRole('heading', { name: copy.notFound })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found · Brushworks'));
  });

  it('any other failure says so and can be tried again', async () => {
    let calls = 0;
    mockApi({
      'GET /tool/:id': {
        params: { id: 't1' },
        answer: () =>
          ++calls === 1
            ? { status: 500, body: { code: 'internal', message: 'Something went wrong' } }
            : { body: sashBrush },
      },
    });
    renderApp('/tools/t1');
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Angled Sash Brush', level: 1 })).toBeInTheDocument();
  });
});

describe('product card', () => {
  it("its name opens the tool's page; Place Order still goes to the purchase page", async () => {
    mockApi({ 'GET /tool': { query: { limit: '24' }, body: [sashBrush] } });
    renderApp('/all-products');
    const card = within((await screen.findAllByRole('article'))[0]!);
    expect(card.getByRole('link', { name: 'Angled Sash Brush' })).toHaveAttribute('href', '/tools/t1');
    expect(card.getByRole('link', { name: /Place Order/ })).toHaveAttribute('href', '/purchase/t1');
    const picture = card.getByRole('img', { name: 'Angled Sash Brush' });
    // A card is at most 358 px wide: the 1600 px picture is never offered.
    expect(picture).toHaveAttribute(
      'srcset',
      '/uploads/sash-brush-400w.webp 400w, /uploads/sash-brush-800w.webp 800w',
    );
    expect(picture).toHaveAttribute('loading', 'lazy');
  });
});
