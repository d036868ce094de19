import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedList, UpdateListBody } from '@shop/shared/contracts/saved-lists';
import { callApi } from '@/lib/api-client';
import { useCartAddition } from '@/lib/queries/cart-additions';
import { queryKeys } from '@/lib/queries/query-keys';

/*
 * One saved list (docs/behaviour.md §5.20): read, renamed or its lines set (PATCH answers the
 * list, which replaces the cached one), deleted, and added to the cart.
 */

const savedListQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.answer('GET /list/:id', { id }),
    queryFn: ({ signal }) => callApi('GET /list/:id', { params: { id }, signal }),
  });

/** GET /list/:id: the list with its lines at today's prices. */
export const useSavedList = (id: string) => useQuery(savedListQueryOptions(id));

/** The list as the API answered it, here and in the list of lists (its name, its count, its date). */
function useListAnswer() {
  const queryClient = useQueryClient();
  return (list: SavedList) => {
    queryClient.setQueryData(savedListQueryOptions(list.id).queryKey, list);
    return queryClient.invalidateQueries({ queryKey: queryKeys.route('GET /list') });
  };
}

/** PATCH /list/:id: a new name, or every line as it should be. */
export function useUpdateList(id: string) {
  const keep = useListAnswer();
  return useMutation({
    mutationFn: (body: UpdateListBody) => callApi('PATCH /list/:id', { params: { id }, body }),
    onSuccess: keep,
  });
}

/** DELETE /list/:id. */
export function useDeleteList(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('DELETE /list/:id', { params: { id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: savedListQueryOptions(id).queryKey });
      return queryClient.invalidateQueries({ queryKey: queryKeys.route('GET /list') });
    },
  });
}

/**
 * POST /list/:id/add-to-cart: the list's lines into the cart, each checked as a quick-order row
 * is; one Idempotency-Key per attempt, so that a retry adds once.
 */
export const useAddListToCart = (id: string) =>
  useCartAddition((idempotencyKey: string) =>
    callApi('POST /list/:id/add-to-cart', {
      params: { id },
      headers: { 'idempotency-key': idempotencyKey },
    }),
  );
