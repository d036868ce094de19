import { reviewCopy } from '@shop/shared/review-copy';

/**
 * 'Verified buyer': the server found a paid order by the author (docs/behaviour.md §7.4). The
 * home carousel's card draws the same badge inline (review-card.tsx), to keep its bundle small.
 */
export function VerifiedBadge() {
  return <span className="badge badge-success badge-sm">{reviewCopy.verifiedBuyer}</span>;
}
