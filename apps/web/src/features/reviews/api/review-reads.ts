import type { RouteKey } from '@shop/shared/api/routes';

/** Every read of reviews (home's carousel, My reviews, moderation): a review posted, edited, hidden or deleted makes each stale. */
export const reviewReads = [
  'GET /review',
  'GET /my-reviews',
  'GET /moderation/reviews',
] as const satisfies readonly RouteKey[];
