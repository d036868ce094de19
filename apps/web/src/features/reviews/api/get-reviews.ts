import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { toReview } from '@/lib/domain/review';

/** GET /review: oldest first, as the API answers. */
const getReviews = async (signal?: AbortSignal) => (await callApi('GET /review', { signal })).map(toReview);

/** The carousel fetches the reviews once per visit (docs/behaviour.md §5.8). */
const reviewsQueryOptions = () =>
  queryOptions({
    queryKey: ['reviews', 'list'],
    queryFn: ({ signal }) => getReviews(signal),
    staleTime: Infinity,
  });

export const useReviews = () => useQuery(reviewsQueryOptions());
