/**
 * Reviews: posting, editing and deleting one's own, verified buyers, moderation and holds, and
 * the public list kept in memory (docs/behaviour.md §7). Reads ordering's orders for who bought.
 */
export { ReviewsCache } from './reviews-cache';
export { reviewRoutes } from './reviews.routes';
export { insertReview } from './reviews.service';
export { reviews } from './reviews.table';
