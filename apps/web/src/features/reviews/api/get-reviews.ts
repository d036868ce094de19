import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PageData } from '@shop/shared/server-rendering';
import { callApi } from '@/lib/api-client';
import { toReview } from '@/lib/domain/review';
import { queryKeys } from '@/lib/queries/query-keys';

/** GET /review: oldest first, as the API answers. */
const getReviews = async (signal?: AbortSignal) => (await callApi('GET /review', { signal })).map(toReview);

/** The carousel fetches the reviews once per visit (docs/behaviour.md §7.7). */
const reviewsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.answer('GET /review'),
    queryFn: ({ signal }) => getReviews(signal),
    staleTime: Infinity,
  });

export const useReviews = () => useQuery(reviewsQueryOptions());

/** The reviews the server rendered home with (entry-server.tsx), so home does not fetch them again. */
export const seedReviews = (queryClient: QueryClient, reviews: NonNullable<PageData['reviews']>) =>
  queryClient.setQueryData(reviewsQueryOptions().queryKey, reviews.map(toReview));
