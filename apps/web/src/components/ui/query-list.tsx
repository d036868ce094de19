import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryErrorState } from './error-state';
import { Spinner } from './spinner';

interface QueryListProps<Item> {
  query: UseQueryResult<Item[]>;
  /** What the spinner announces while the list loads. */
  loadingLabel?: string;
  /** Shown instead of the spinner while the list loads (the feedback carousel's placeholders). */
  loading?: ReactNode;
  /** The sentence (or more) that says the list is empty. */
  empty: ReactNode;
  /** The list itself, once it has items. */
  children: (items: Item[]) => ReactNode;
}

/**
 * A fetched list's four states: loading, failed with a retry, empty, and the list
 * (docs/behaviour.md §2.7).
 */
export function QueryList<Item>({ query, loadingLabel, loading, empty, children }: QueryListProps<Item>) {
  if (query.isPending) return loading ?? <Spinner label={loadingLabel} />;
  if (query.isError) return <QueryErrorState query={query} />;
  if (query.data.length === 0) return empty;
  return children(query.data);
}
