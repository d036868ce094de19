import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Page } from '@/lib/api-client';
import { BusyButton } from './busy-button';
import { QueryErrorState } from './error-state';
import { Spinner } from './spinner';

interface PagedListProps<Item> {
  query: UseInfiniteQueryResult<InfiniteData<Page<Item[]>>>;
  loadingLabel: string;
  /** The sentence that says the list (or the search) is empty. */
  empty: ReactNode;
  children: (items: Item[]) => ReactNode;
}

/**
 * A list read page by page: QueryList's states (docs/behaviour.md §2.7) and, while more follow,
 * 'Load more' (§9.4). A failed next page keeps what is shown and offers the retry below it.
 */
export function PagedList<Item>({ query, loadingLabel, empty, children }: PagedListProps<Item>) {
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError && !query.isFetchNextPageError) return <QueryErrorState query={query} />;
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (items.length === 0) return empty;
  return (
    <>
      {children(items)}
      {query.isFetchNextPageError && (
        <QueryErrorState query={{ error: query.error, refetch: () => query.fetchNextPage() }} />
      )}
      {query.hasNextPage && !query.isFetchNextPageError && (
        <div className="mt-6 flex justify-center">
          <BusyButton
            type="button"
            className="btn btn-outline btn-sm"
            spinnerSize="xs"
            isBusy={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Load more
          </BusyButton>
        </div>
      )}
    </>
  );
}
