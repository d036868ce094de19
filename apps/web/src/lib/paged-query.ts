import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Page } from './api-client';

/** Rows an admin list loads at a time; 'Load more' adds as many again (docs/behaviour.md §9.4). */
export const ADMIN_PAGE_SIZE = 50;

/**
 * A list read a page at a time by keyset cursor (docs/decisions/0023): the first page has no
 * cursor ('' travels as JSON, undefined would not), each next page the one the last page named.
 */
export const pagedQueryOptions = <Item, Key extends readonly unknown[]>(
  queryKey: Key,
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<Page<Item[]>>,
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam || undefined, signal),
    initialPageParam: '',
    getNextPageParam: (last: Page<Item[]>) => last.nextCursor ?? undefined,
  });
