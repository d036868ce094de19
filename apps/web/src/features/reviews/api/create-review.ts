import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateReviewBody } from '@shop/shared/contracts/reviews';
import { callApi } from '@/lib/api-client';
import { invalidateRoutes } from '@/lib/queries/invalidate-routes';
import { reviewReads } from './review-reads';

const createReview = (body: CreateReviewBody) => callApi('POST /review', { body });

/** Posts a rating and review; the reviews lists (home carousel, My reviews) refetch when next shown. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: () => invalidateRoutes(queryClient, reviewReads),
  });
}
