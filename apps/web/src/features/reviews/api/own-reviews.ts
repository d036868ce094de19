import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EditReviewBody } from '@shop/shared/contracts/reviews';
import { callApi } from '@/lib/api-client';
import { toManagedReview } from '@/lib/domain/review';

/** Under 'reviews': posting, editing or deleting one refreshes every reviews list. */
const ownReviewsOptions = () =>
  queryOptions({
    queryKey: ['reviews', 'mine'],
    queryFn: async ({ signal }) => (await callApi('GET /my-reviews', { signal })).map(toManagedReview),
  });

/** The signed-in customer's reviews, newest first, hidden ones too (docs/behaviour.md §19.4). */
export const useOwnReviews = () => useQuery(ownReviewsOptions());

export function useEditReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EditReviewBody }) =>
      callApi('PATCH /review/:id', { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reviews'] }),
  });
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('DELETE /review/:id', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['reviews'] }),
  });
}

/**
 * The tools a review may name: those the customer has ordered, each once, by name. A general
 * review needs none (docs/behaviour.md §19.1).
 */
const orderedToolsOptions = (email: string) =>
  queryOptions({
    queryKey: ['reviews', 'ordered-tools', email],
    queryFn: async ({ signal }) => {
      const orders = await callApi('GET /my-order', { query: { email }, signal });
      const byId = new Map<string, string>();
      for (const order of orders) if (order.toolsId) byId.set(order.toolsId, order.toolsName);
      return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
    },
  });

export const useOrderedTools = (email: string) => useQuery(orderedToolsOptions(email));
