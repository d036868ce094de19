import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { catalogueViewOf } from '@shop/shared/catalogue-view';
import { copy } from '@shop/shared/copy';
import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { pageTitles } from '@/config/page-titles';
import { usePageTitle } from '@/components/ui/use-page-title';
import { BusyButton } from '@/components/ui/busy-button';
import { useToolSearch } from '../api/search-tools';
import { isFiltered } from '../lib/catalogue-search';
import { CatalogueFilters } from './catalogue-filters';
import { ToolCard } from './tool-card';

/**
 * /all-products: the tools as cards (docs/behaviour.md §3.3), searched, filtered and sorted as the
 * URL says, a page at a time with 'Load more' (§3.3).
 */
export function ProductsPage() {
  usePageTitle(pageTitles.products);
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => catalogueViewOf(searchParams), [searchParams]);
  const search = useToolSearch(view);
  const tools = search.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-primary mb-8 text-center text-3xl font-bold sm:text-4xl">{copy.productsHeading}</h1>
      <CatalogueFilters view={view} onChange={(next) => setSearchParams(next)} />
      {search.isPending ? (
        <Spinner label="Loading tools" />
      ) : search.isError && !search.isFetchNextPageError ? (
        <QueryErrorState query={search} />
      ) : tools.length === 0 ? (
        <p className="text-center text-lg" role="status">
          {isFiltered(view)
            ? 'No tools match your search. Try other words or fewer filters.'
            : 'No tools in stock right now. Please check back soon.'}
        </p>
      ) : (
        <>
          <p className="sr-only" role="status">
            {`Showing ${tools.length} tools${search.hasNextPage ? '; more to load' : ''}`}
          </p>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {tools.map((tool) => (
              <li key={tool.id} className="flex">
                <ToolCard tool={tool} headingLevel={2} />
              </li>
            ))}
          </ul>
          {search.isFetchNextPageError && (
            <QueryErrorState query={{ error: search.error, refetch: () => search.fetchNextPage() }} />
          )}
          {search.hasNextPage && !search.isFetchNextPageError && (
            <div className="mt-8 flex justify-center">
              <BusyButton
                type="button"
                className="btn btn-outline btn-primary"
                isBusy={search.isFetchingNextPage}
                onClick={() => void search.fetchNextPage()}
              >
                Load more
              </BusyButton>
            </div>
          )}
        </>
      )}
    </section>
  );
}
