import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/test/fetch-mock';
import { aTool } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { searchOfView } from '../lib/catalogue-search';

// docs/behaviour.md §3.3: the products page's controls, kept in the URL, and 'Load more'.

const tool = (id: string, name: string) => aTool({ _id: id, name });
const link = (query: string) => ({ link: `</api/tool?${query}>; rel="next"` });
const cardNames = () =>
  screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('products page: search, filters and sort in the URL', () => {
  it('asks the API for the view the URL names and shows it in the controls', async () => {
    const { calls } = mockApi({
      'GET /tool': {
        query: {
          q: 'brush',
          category: 'professional',
          inStock: 'true',
          minPrice: '5',
          maxPrice: '20.5',
          sort: 'price-desc',
          limit: '24',
        },
        body: [tool('t1', 'Pro Brush')],
      },
    });
    renderApp(
      '/all-products?sort=price-desc&category=professional&q=brush&inStock=true&minPrice=5&maxPrice=20.5',
    );
    expect(await screen.findByRole('heading', { name: 'Pro Brush' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(screen.getByLabelText('Search tools')).toHaveValue('brush');
    expect(screen.getByLabelText('Category')).toHaveValue('professional');
    expect(screen.getByLabelText('In stock only')).toBeChecked();
    expect(screen.getByLabelText('Min price ($)')).toHaveValue(5);
    expect(screen.getByLabelText('Max price ($)')).toHaveValue(20.5);
    expect(screen.getByLabelText('Sort by')).toHaveValue('price-desc');
  });

  it('puts a search, a category, the toggle and a sort into the URL, each a new history entry', async () => {
    mockApi({
      'GET /tool': [
        { query: { limit: '24' }, body: [tool('t1', 'Sash Brush'), tool('t2', 'Roller')] },
        { query: { q: 'roll', limit: '24' }, body: [tool('t2', 'Roller')] },
        { query: { q: 'roll', category: 'home', limit: '24' }, body: [tool('t2', 'Roller')] },
        {
          query: { q: 'roll', category: 'home', inStock: 'true', limit: '24' },
          body: [tool('t2', 'Roller')],
        },
        {
          query: { q: 'roll', category: 'home', inStock: 'true', sort: 'name', limit: '24' },
          body: [tool('t2', 'Roller')],
        },
      ],
    });
    const user = userEvent.setup();
    const { router } = renderApp('/all-products');
    await screen.findByRole('heading', { name: 'Sash Brush' });

    await user.type(screen.getByLabelText('Search tools'), 'roll{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=roll'));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Sash Brush' })).not.toBeInTheDocument(),
    );

    await user.selectOptions(screen.getByLabelText('Category'), 'Home Painting Tools');
    await waitFor(() => expect(router.state.location.search).toBe('?q=roll&category=home'));
    await user.click(screen.getByLabelText('In stock only'));
    await waitFor(() => expect(router.state.location.search).toBe('?q=roll&category=home&inStock=true'));
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Name: A to Z');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=roll&category=home&inStock=true&sort=name'),
    );
    expect(cardNames()).toEqual(['Roller']);

    // Clear filters: back to the whole list, and the controls follow the URL.
    await user.click(screen.getByRole('link', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByLabelText('Search tools')).toHaveValue('');
    expect(screen.getByLabelText('Category')).toHaveValue('');
    expect(screen.getByLabelText('In stock only')).not.toBeChecked();
    expect(await screen.findByRole('heading', { name: 'Sash Brush' })).toBeInTheDocument();
  });

  it('applies text that reached the box without React seeing it type (typed before hydration)', async () => {
    mockApi({
      'GET /tool': [
        { query: { limit: '24' }, body: [tool('t1', 'Sash Brush'), tool('t2', 'Roller')] },
        { query: { q: 'roll', category: 'home', limit: '24' }, body: [tool('t2', 'Roller')] },
      ],
    });
    const user = userEvent.setup();
    const { router } = renderApp('/all-products');
    await screen.findByRole('heading', { name: 'Sash Brush' });

    // A server-rendered box takes keystrokes before the page hydrates: no change event follows.
    (screen.getByLabelText('Search tools') as HTMLInputElement).value = 'roll';
    await user.selectOptions(screen.getByLabelText('Category'), 'Home Painting Tools');
    await waitFor(() => expect(router.state.location.search).toBe('?q=roll&category=home'));
    expect(screen.getByLabelText('Search tools')).toHaveValue('roll');
  });

  it("'Load more' adds the next page by its cursor, and goes once the list ends", async () => {
    const { calls } = mockApi({
      'GET /tool': [
        {
          query: { category: 'student', limit: '24' },
          body: [tool('t1', 'Easel'), tool('t2', 'Palette')],
          headers: link('category=student&limit=24&cursor=abc_1'),
        },
        {
          query: { category: 'student', limit: '24', cursor: 'abc_1' },
          body: [tool('t3', 'Canvas Board')],
        },
      ],
    });
    renderApp('/all-products?category=student');
    await screen.findByRole('heading', { name: 'Easel' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { name: 'Canvas Board' })).toBeInTheDocument();
    expect(cardNames()).toEqual(['Easel', 'Palette', 'Canvas Board']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual([
      '/api/tool?category=student&limit=24',
      '/api/tool?category=student&limit=24&cursor=abc_1',
    ]);
  });

  it("shows the API's message for a view it refuses", async () => {
    mockApi({
      'GET /tool': {
        query: { minPrice: '30', maxPrice: '10', limit: '24' },
        status: 400,
        body: { code: 'invalid-input', message: 'minPrice must not be above maxPrice' },
      },
    });
    renderApp('/all-products?minPrice=30&maxPrice=10');
    expect(await screen.findByRole('alert')).toHaveTextContent('minPrice must not be above maxPrice');
  });

  it('says when nothing matches', async () => {
    mockApi({ 'GET /tool': { query: { q: 'zebra', limit: '24' }, body: [] } });
    renderApp('/all-products?q=zebra');
    expect(
      await screen.findByText('No tools match your search. Try other words or fewer filters.'),
    ).toBeInTheDocument();
  });
});

describe('searchOfView', () => {
  it('writes a view in one order, leaving out what is unset, the default sort and the toggle off', () => {
    expect(searchOfView({ sort: 'name', q: ' brush ', category: 'home' }).toString()).toBe(
      'q=brush&category=home&sort=name',
    );
    expect(searchOfView({ sort: 'oldest', inStock: '', minPrice: '' }).toString()).toBe('');
  });
});

describe('home page category cards', () => {
  it('lead to the products page filtered by their category', async () => {
    mockApi({ 'GET /tool': { body: [] }, 'GET /review': { body: [] } });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Home Painting Tools' })).toHaveAttribute(
      'href',
      '/all-products?category=home',
    );
    expect(screen.getByRole('link', { name: 'Professional Tools' })).toHaveAttribute(
      'href',
      '/all-products?category=professional',
    );
    expect(screen.getByRole('link', { name: 'Student Paint Tools' })).toHaveAttribute(
      'href',
      '/all-products?category=student',
    );
  });
});
