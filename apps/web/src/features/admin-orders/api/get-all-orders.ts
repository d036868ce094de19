import { useInfiniteQuery } from '@tanstack/react-query';
import { callApiPage } from '@/lib/api-client';
import { toOrder } from '@/lib/domain/order';
import { ADMIN_PAGE_SIZE, pagedQueryOptions } from '@/lib/paged-query';

export const allOrdersQueryKey = ['orders', 'all'] as const;

/**
 * Every order, newest first, a page at a time, optionally those whose customer name or e-mail
 * contains `q` (docs/behaviour.md §14.4). A 401 or 403 signs the user out and sends them home (§5.4).
 */
const allOrdersQueryOptions = (q: string) =>
  pagedQueryOptions([...allOrdersQueryKey, { q }], async (cursor, signal) => {
    const page = await callApiPage('GET /order', {
      query: { ...(q && { q }), limit: String(ADMIN_PAGE_SIZE), ...(cursor && { cursor }) },
      signal,
      signOutOnAuthError: true,
    });
    return { items: page.items.map(toOrder), nextCursor: page.nextCursor };
  });

export const useAllOrders = (q: string) => useInfiniteQuery(allOrdersQueryOptions(q));
