import { useState } from 'react';
import type { ModerationState } from '@shop/shared/contracts/reviews';
import { reviewCopy } from '@shop/shared/review-copy';
import { PagedList } from '@/components/ui/paged-list';
import { ToggleGroup } from '@/components/ui/toggle-group';
import { usePageTitle } from '@/components/ui/use-page-title';
import type { ManagedReview } from '@/lib/domain/review';
import { toastFailure } from '@/lib/failure-toast';
import { toast } from '@/lib/toast';
import { useModerateReview, useModerationList } from '../api/moderation';
import { HideReviewDialog } from './hide-review-dialog';
import { ReviewSummary } from './review-summary';

const filters: { value: ModerationState; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'visible', label: 'Visible' },
  { value: 'hidden', label: 'Hidden' },
];

/**
 * /dashboard/reviews (admin): every review, hidden ones included with their reason, newest
 * first; Hide asks for a reason, Restore brings a review back (docs/behaviour.md §8.10).
 */
export function ReviewModerationPage() {
  usePageTitle('Reviews');
  const [filter, setFilter] = useState<ModerationState>('all');
  const [hiding, setHiding] = useState<ManagedReview | null>(null);
  const list = useModerationList(filter);
  const moderate = useModerateReview();

  const restore = (review: ManagedReview) =>
    moderate.mutate(
      { id: review.id, body: { hidden: false } },
      { onSuccess: () => toast.success(reviewCopy.restored), onError: (error) => toastFailure(error) },
    );

  return (
    <section aria-labelledby="moderation-heading">
      <h2 id="moderation-heading" className="mb-4 text-xl font-semibold">
        Reviews
      </h2>
      <div className="mb-4">
        <ToggleGroup label="Show reviews" options={filters} value={filter} onChange={setFilter} />
      </div>
      <PagedList query={list} loadingLabel="Loading reviews" empty={<p>{reviewCopy.noReviews}</p>}>
        {(reviews) => (
          <ul aria-label="Reviews" className="flex max-w-3xl flex-col gap-3">
            {reviews.map((review) => (
              <li key={review.id} className="rounded-box border-base-300 border p-4">
                <ReviewSummary review={review} showAuthor />
                <div className="mt-3">
                  {review.isHidden ? (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline"
                      aria-label={`Restore the review by ${review.authorName}`}
                      disabled={moderate.isPending}
                      onClick={() => restore(review)}
                    >
                      Restore
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline btn-warning"
                      aria-label={`Hide the review by ${review.authorName}`}
                      onClick={() => setHiding(review)}
                    >
                      Hide
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <HideReviewDialog review={hiding} onClose={() => setHiding(null)} />
    </section>
  );
}
