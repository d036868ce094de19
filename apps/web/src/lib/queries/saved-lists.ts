import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateListBody } from '@shop/shared/contracts/saved-lists';
import { callApi } from '../api-client';
import { queryKeys } from './query-keys';

/*
 * Saved lists (docs/behaviour.md §5.20): their own pages read and change them, and 'Save as list'
 * on the cart and the order pages creates one, so the list of lists and the creation sit here.
 */

/** GET /list: the caller's lists, the last changed first. */
export const savedListsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.answer('GET /list'),
    queryFn: ({ signal }) => callApi('GET /list', { signal }),
  });

/** POST /list: a new list of the cart's lines, an order's, or the lines sent. */
export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateListBody) => callApi('POST /list', { body }),
    onSuccess: (list) => {
      queryClient.setQueryData(queryKeys.answer('GET /list/:id', { id: list.id }), list);
      return queryClient.invalidateQueries({ queryKey: queryKeys.route('GET /list') });
    },
  });
}
