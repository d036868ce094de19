import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@shop/shared/api-paths';
import type { Review } from '@shop/shared/contracts/reviews';
import { apiRequest } from '@/lib/api-client';

/** GET /review: oldest first, as the API answers. */
export const getReviews = (signal?: AbortSignal) => apiRequest<Review[]>(apiPaths.reviews, { signal });

/** The carousel fetches the reviews once per visit (spec section 4, Feedback carousel). */
export const reviewsQueryOptions = () =>
  queryOptions({
    queryKey: ['reviews', 'list'],
    queryFn: ({ signal }) => getReviews(signal),
    staleTime: Infinity,
  });

export const useReviews = () => useQuery(reviewsQueryOptions());
