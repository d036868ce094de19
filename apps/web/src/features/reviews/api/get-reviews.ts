import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** GET /review: oldest first, as the API answers. */
export const getReviews = (signal?: AbortSignal) => callApi('GET /review', { signal });

/** The carousel fetches the reviews once per visit (docs/behaviour.md §5.8). */
export const reviewsQueryOptions = () =>
  queryOptions({
    queryKey: ['reviews', 'list'],
    queryFn: ({ signal }) => getReviews(signal),
    staleTime: Infinity,
  });

export const useReviews = () => useQuery(reviewsQueryOptions());
