import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerateReviewBody, ModerationState } from '@shop/shared/contracts/reviews';
import { callApi } from '@/lib/api-client';
import { toManagedReview } from '@/lib/domain/review';
import { invalidateRoutes } from '@/lib/queries/invalidate-routes';
import { queryKeys } from '@/lib/queries/query-keys';
import { reviewReads } from './review-reads';

/** Every review, hidden ones too, one page per 'Load more', newest first (docs/behaviour.md §8.10). */
const moderationOptions = (state: ModerationState) =>
  infiniteQueryOptions({
    queryKey: queryKeys.pages('GET /moderation/reviews', { state, limit: '50' }),
    queryFn: async ({ pageParam, signal }) => {
      const page = await callApi('GET /moderation/reviews', {
        query: { state, limit: '50', ...(pageParam && { cursor: pageParam }) },
        signal,
      });
      return { items: page.reviews.map(toManagedReview), nextCursor: page.nextCursor };
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useModerationList = (state: ModerationState) => useInfiniteQuery(moderationOptions(state));

/** Hide with a reason, or restore; every reviews list (the carousel's too) reloads. */
export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ModerateReviewBody }) =>
      callApi('PATCH /moderation/reviews/:id', { params: { id }, body }),
    onSuccess: () => invalidateRoutes(queryClient, reviewReads),
  });
}
