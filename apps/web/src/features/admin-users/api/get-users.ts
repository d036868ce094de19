import { useInfiniteQuery } from '@tanstack/react-query';
import { callApiPage } from '@/lib/api-client';
import { toUser } from '@/lib/domain/user';
import { ADMIN_PAGE_SIZE, pagedQueryOptions } from '@/lib/paged-query';
import { queryKeys } from '@/lib/queries/query-keys';

/** Every account, oldest first, a page at a time, optionally matching `q` by name or e-mail (§9.4). */
const usersQueryOptions = (q: string) => {
  const query = { ...(q && { q }), limit: String(ADMIN_PAGE_SIZE) };
  return pagedQueryOptions(queryKeys.pages('GET /user', query), async (cursor, signal) => {
    const page = await callApiPage('GET /user', { query: { ...query, ...(cursor && { cursor }) }, signal });
    return { items: page.items.map(toUser), nextCursor: page.nextCursor };
  });
};

export const useUsers = (q: string) => useInfiniteQuery(usersQueryOptions(q));
