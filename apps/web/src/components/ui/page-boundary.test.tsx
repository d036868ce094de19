import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';
import { PageBoundary } from './page-boundary';

/** The Blogs page, made to fail while `blogs.fails` is set. */
const blogs = vi.hoisted(() => ({ fails: true }));
vi.mock('@/features/blogs/components/blogs-page', () => ({
  BlogsPage: () => {
    if (blogs.fails) throw new Error('The page broke');
    return <h1>Blogs again</h1>;
  },
}));

const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: https://shop.example/assets/gone-abc123.js');

describe('PageBoundary', () => {
  let reload: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    // React reports each error a boundary catches with console.error; here they are expected.
    vi.mocked(console.error).mockImplementation(() => {});
    reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('a page that throws shows a message while the bar and footer stay; Try again renders it anew', async () => {
    blogs.fails = true;
    mockApi({ 'GET /tool': { body: [] }, 'GET /review': { body: [] } });
    renderApp('/blogs');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong while showing this page.',
    );
    expect(screen.getAllByRole('link', { name: 'Blogs' })[0]).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();

    blogs.fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Blogs again' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('leaves a failed page behind when the user goes to another one', async () => {
    blogs.fails = true;
    mockApi({ 'GET /tool': { body: [] }, 'GET /review': { body: [] } });
    renderApp('/blogs');
    await screen.findByRole('alert');
    await userEvent.click(screen.getAllByRole('link', { name: 'Contact' })[0]!);
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('a page chunk that no longer exists reloads the page once, and then shows the message', async () => {
    const renderMissingChunk = () =>
      render(
        <PageBoundary resetKey="/blogs">
          <Suspense fallback={null}>
            {(() => {
              const Gone = lazy(() => Promise.reject(chunkError()));
              return <Gone />;
            })()}
          </Suspense>
        </PageBoundary>,
      );

    const first = renderMissingChunk();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    first.unmount();

    // After the reload the chunk is still missing: no second reload, the message instead.
    renderMissingChunk();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong while showing this page.',
    );
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('an error that is not about a chunk never reloads', async () => {
    const Broken = () => {
      throw new Error('Cannot read properties of undefined');
    };
    render(
      <PageBoundary resetKey="/">
        <Broken />
      </PageBoundary>,
    );
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
