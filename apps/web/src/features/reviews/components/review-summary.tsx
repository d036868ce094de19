import { reviewCopy } from '@shop/shared/review-copy';
import type { ManagedReview } from '@/lib/domain/review';
import { StarRating } from './star-rating';
import { VerifiedBadge } from './verified-badge';

/** One review in full, for My reviews and the moderation page: what, stars, badge, state, text. */
export function ReviewSummary({
  review,
  showAuthor = false,
}: {
  review: ManagedReview;
  showAuthor?: boolean;
}) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        {showAuthor && <span className="font-bold">{review.authorName}</span>}
        <span className="font-medium">{review.toolName ?? reviewCopy.generalReview}</span>
        <StarRating rating={review.rating} />
        {review.isVerifiedBuyer && <VerifiedBadge />}
        {review.isHidden && <span className="badge badge-warning badge-sm">Hidden</span>}
        <time dateTime={review.createdAt} className="ml-auto text-sm">
          {new Date(review.createdAt).toLocaleDateString()}
          {review.updatedAt && ' (edited)'}
        </time>
      </div>
      <p className="break-words whitespace-pre-line">{review.text}</p>
      {review.isHidden && review.hiddenReason && (
        <p className="border-warning bg-base-200 rounded border-l-4 p-2 text-sm">
          {reviewCopy.hiddenNotice(review.hiddenReason)}
        </p>
      )}
    </div>
  );
}
