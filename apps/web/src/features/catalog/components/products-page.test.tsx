import { getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_STORAGE_KEY } from '@shop/shared/constants';
import { copy } from '@shop/shared/copy';
import { mockApi } from '@/test/fetch-mock';
import { aTool } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { customer } from '@/test/signed-in';

const tool = (id: string, name: string) =>
  aTool({
    _id: id,
    name,
    img: `/uploads/${id}.webp`,
    availableQuantity: 1200,
    orderQuantity: 50,
    perPartsPrice: 3,
    description: `${name}: ${'made for long days of work and easy to clean. '.repeat(6)}`,
  });

describe('products page', () => {
  it('is public and shows every tool as a card', async () => {
    const tools = [
      tool('t1', 'Sash Brush'),
      tool('t2', 'Foam Roller'),
      tool('t3', 'Paint Tray'),
      tool('t4', 'Edger'),
    ];
    mockApi({ 'GET /tool': { query: { limit: '24' }, body: tools } });
    renderApp('/all-products');
    expect(await screen.findByRole('heading', { name: copy.productsHeading, level: 1 })).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(4);

    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'Sash Brush', level: 2 })).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'Sash Brush' })).toHaveAttribute('loading', 'lazy');
    expect(first.getByText('SKU:').nextSibling).toHaveTextContent('BR-50A');
    expect(first.getByText(`${copy.availableQuantityLabel}:`).nextSibling).toHaveTextContent('1,200');
    expect(first.getByText('Unit Price:').nextSibling).toHaveTextContent('$3');
    expect(first.getByText('Min-Order Quantity:').nextSibling).toHaveTextContent('50');
    expect(first.getByText('Ship Price:').nextSibling).toHaveTextContent('$25');
    const preview = `${tools[0]!.description.slice(0, 135)}…`;
    const asIs = getDefaultNormalizer({ trim: false, collapseWhitespace: false });
    expect(first.getByText(preview, { normalizer: asIs })).toBeInTheDocument();
    expect(tools[0]!.description.length).toBeGreaterThan(135);
    expect(first.getByRole('link', { name: /Place Order/ })).toHaveAttribute('href', '/purchase/t1');
  });

  it('shows the error and loads the list again when Try again is pressed', async () => {
    let attempts = 0;
    mockApi({
      'GET /tool': {
        query: { limit: '24' },
        answer: () => {
          attempts += 1;
          return attempts === 1
            ? { status: 500, body: { code: 'internal', message: 'The shop is busy, please try again.' } }
            : { body: [tool('t1', 'Sash Brush')] };
        },
      },
    });
    renderApp('/all-products');
    expect(await screen.findByRole('alert')).toHaveTextContent('The shop is busy, please try again.');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('heading', { name: 'Sash Brush' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('says so when there are no tools', async () => {
    mockApi({ 'GET /tool': { query: { limit: '24' }, body: [] } });
    renderApp('/all-products');
    expect(await screen.findByText(/No tools in stock right now/)).toBeInTheDocument();
  });

  it('signs the user out and goes home when the list call answers 401', async () => {
    localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'tok');
    mockApi({
      'GET /session': { body: { user: customer } },
      'GET /tool': [
        {
          query: { limit: '24' },
          status: 401,
          body: { code: 'unauthorized', message: 'Sign in first' },
        },
        { body: [] },
      ],

      'GET /review': { body: [] },
    });
    const { router } = renderApp('/all-products');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });
});
