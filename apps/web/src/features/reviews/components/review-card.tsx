import type { Review } from '@/lib/domain/review';
import { reviewPreview } from '../lib/review-preview';
import { StarRating } from './star-rating';

/** One customer's feedback in the carousel (docs/behaviour.md §7.7). */
export function ReviewCard({ review }: { review: Review }) {
  const initial = review.authorName.trim().charAt(0).toUpperCase() || '?';
  return (
    <figure className="card bg-base-100 border-base-300 h-full min-h-52 border shadow-sm">
      <div className="card-body gap-3 p-5">
        <figcaption className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="bg-primary text-primary-content flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-lg font-bold"
          >
            {initial}
          </span>
          <span className="min-w-0">
            <span className="block truncate font-bold">{review.authorName}</span>
            <span className="block truncate text-sm">{review.title}</span>
          </span>
        </figcaption>
        <span className="flex flex-wrap items-center gap-2">
          <StarRating rating={review.rating} />
          {/* Inline, not verified-badge.tsx: a module shared with the dashboard would be a chunk of
              its own on the home page, a request more against its budget (§7.4). */}
          {review.isVerifiedBuyer && <span className="badge badge-success badge-sm">Verified buyer</span>}
        </span>
        <blockquote className="text-sm leading-relaxed">{reviewPreview(review.text)}</blockquote>
      </div>
    </figure>
  );
}
