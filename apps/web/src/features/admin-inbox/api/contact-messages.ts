import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ContactFilter, ContactState } from '@shop/shared/contracts/contact';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries/query-keys';

/** The inbox, one page per 'Load more', newest first (docs/behaviour.md §8.7). */
const contactMessagesOptions = (filter: ContactFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.pages('GET /contact-messages', { state: filter }),
    queryFn: async ({ pageParam, signal }) => {
      const page = await callApi('GET /contact-messages', {
        query: { state: filter, ...(pageParam && { cursor: pageParam }) },
        signal,
      });
      return { items: page.messages, nextCursor: page.nextCursor, unreadCount: page.unreadCount };
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useContactMessages = (filter: ContactFilter) => useInfiniteQuery(contactMessagesOptions(filter));

const contactMessageOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.answer('GET /contact-messages/:id', { id }),
    queryFn: ({ signal }) => callApi('GET /contact-messages/:id', { params: { id }, signal }),
  });

export const useContactMessage = (id: string) => useQuery(contactMessageOptions(id));

/** Read, unread, archived or back from the archive; every list and the message reload. */
export function useSetContactState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, state }: { id: string; state: ContactState }) =>
      callApi('PATCH /contact-messages/:id', { params: { id }, body: { state } }),
    onSuccess: (message) => {
      queryClient.setQueryData(contactMessageOptions(message._id).queryKey, message);
      return queryClient.invalidateQueries({ queryKey: queryKeys.route('GET /contact-messages') });
    },
  });
}
