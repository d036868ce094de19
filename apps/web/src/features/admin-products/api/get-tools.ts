import { useInfiniteQuery } from '@tanstack/react-query';
import { callApiPage } from '@/lib/api-client';
import { toTool } from '@/lib/domain/tool';
import { ADMIN_PAGE_SIZE, pagedQueryOptions } from '@/lib/paged-query';

/** Every tools query starts with 'tools', so a change here refreshes the catalogue too. */
export const toolsQueryKey = ['tools'] as const;

/**
 * Manage Products: the newest first, a page at a time, optionally those matching `q` (§14.4).
 * A 401 or 403 signs the user out and sends them home (docs/behaviour.md §5.4).
 */
const manageToolsQueryOptions = (q: string) =>
  pagedQueryOptions([...toolsQueryKey, 'manage', { q }], async (cursor, signal) => {
    const page = await callApiPage('GET /tool', {
      query: { ...(q && { q }), sort: 'newest', limit: String(ADMIN_PAGE_SIZE), ...(cursor && { cursor }) },
      signal,
      signOutOnAuthError: true,
    });
    return { items: page.items.map(toTool), nextCursor: page.nextCursor };
  });

export const useManageTools = (q: string) => useInfiniteQuery(manageToolsQueryOptions(q));
