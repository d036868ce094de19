import { useInfiniteQuery } from '@tanstack/react-query';
import { callApiPage } from '@/lib/api-client';
import { toTool } from '@/lib/domain/tool';
import { ADMIN_PAGE_SIZE, pagedQueryOptions } from '@/lib/paged-query';
import { queryKeys } from '@/lib/queries/query-keys';

/**
 * Manage Products: the newest first, a page at a time, optionally those matching `q` (§9.4).
 * A 401 or 403 signs the user out and sends them home (docs/behaviour.md §4.5).
 */
const manageToolsQueryOptions = (q: string) => {
  const query = { ...(q && { q }), sort: 'newest', limit: String(ADMIN_PAGE_SIZE) } as const;
  return pagedQueryOptions(queryKeys.pages('GET /tool', query), async (cursor, signal) => {
    const page = await callApiPage('GET /tool', {
      query: { ...query, ...(cursor && { cursor }) },
      signal,
      signOutOnAuthError: true,
    });
    return { items: page.items.map(toTool), nextCursor: page.nextCursor };
  });
};

export const useManageTools = (q: string) => useInfiniteQuery(manageToolsQueryOptions(q));
