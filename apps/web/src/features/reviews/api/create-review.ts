import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@shop/shared/api-paths';
import type { CreateReviewBody } from '@shop/shared/contracts/reviews';
import { apiRequest } from '@/lib/api-client';

export const createReview = (body: CreateReviewBody) =>
  apiRequest<{ insertedId: string }>(apiPaths.reviews, { method: 'POST', body });

/** Posts a rating and review; the reviews list (home carousel) refetches when next shown. */
export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reviews'] }),
  });
}
