import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EditReviewBody } from '@shop/shared/contracts/reviews';
import { callApi } from '@/lib/api-client';
import type { Order } from '@/lib/domain/order';
import { toManagedReview } from '@/lib/domain/review';
import { useMyOrders } from '@/lib/queries/get-my-orders';
import { invalidateRoutes } from '@/lib/queries/invalidate-routes';
import { queryKeys } from '@/lib/queries/query-keys';
import { reviewReads } from './review-reads';

const ownReviewsOptions = () =>
  queryOptions({
    queryKey: queryKeys.answer('GET /my-reviews'),
    queryFn: async ({ signal }) => (await callApi('GET /my-reviews', { signal })).map(toManagedReview),
  });

/** The signed-in customer's reviews, newest first, hidden ones too (docs/behaviour.md §7.6). */
export const useOwnReviews = () => useQuery(ownReviewsOptions());

export function useEditReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EditReviewBody }) =>
      callApi('PATCH /review/:id', { params: { id }, body }),
    onSuccess: () => invalidateRoutes(queryClient, reviewReads),
  });
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('DELETE /review/:id', { params: { id } }),
    onSettled: () => invalidateRoutes(queryClient, reviewReads),
  });
}

/**
 * Each tool the customer ordered themselves, once, by name (My Orders also lists their company's
 * orders, docs/behaviour.md §5.21); a deleted tool (no id) cannot be reviewed.
 */
const orderedToolsOf = (userId: string) => (orders: Order[]) => {
  const byId = new Map<string, string>();
  for (const order of orders) {
    if (order.toolId && order.placedBy.id === userId) byId.set(order.toolId, order.toolName);
  }
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
};

/**
 * The tools a review may name: those the customer has ordered, read from My Orders' one cached
 * answer. A general review needs none (docs/behaviour.md §7.3).
 */
export const useOrderedTools = (email: string, userId: string) => useMyOrders(email, orderedToolsOf(userId));
