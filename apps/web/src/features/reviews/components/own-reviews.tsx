import { useState } from 'react';
import { reviewCopy } from '@shop/shared/review-copy';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import type { ManagedReview } from '@/lib/domain/review';
import { toastFailure } from '@/lib/failure-toast';
import { toast } from '@/lib/toast';
import { useDeleteReview, useOwnReviews } from '../api/own-reviews';
import { EditReviewDialog } from './edit-review-dialog';
import { ReviewSummary } from './review-summary';

/**
 * 'My reviews', under the feedback form: the customer's own reviews with Edit and Delete, and
 * the shop's reason on a hidden one (docs/behaviour.md §7.6).
 */
export function OwnReviews() {
  const reviews = useOwnReviews();
  const remove = useDeleteReview();
  const [editing, setEditing] = useState<ManagedReview | null>(null);
  const [deleting, setDeleting] = useState<ManagedReview | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(reviewCopy.deleted);
        setDeleting(null);
      },
      onError: (error) => toastFailure(error),
    });
  };

  return (
    <section aria-labelledby="own-reviews-heading">
      <h2 id="own-reviews-heading" className="mb-4 text-xl font-semibold">
        My reviews
      </h2>
      {reviews.isPending ? (
        <Spinner label="Loading your reviews" />
      ) : reviews.isError ? (
        <QueryErrorState query={reviews} />
      ) : reviews.data.length === 0 ? (
        <p>{reviewCopy.noOwnReviews}</p>
      ) : (
        <ul aria-label="My reviews" className="flex flex-col gap-3">
          {reviews.data.map((review) => (
            <li key={review.id} className="rounded-box border-base-300 border p-4">
              <ReviewSummary review={review} />
              <div className="mt-3 flex gap-2">
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  aria-label={`Edit review: ${review.text.slice(0, 40)}`}
                  onClick={() => setEditing(review)}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline btn-error"
                  aria-label={`Delete review: ${review.text.slice(0, 40)}`}
                  onClick={() => setDeleting(review)}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <EditReviewDialog review={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this review?"
        cancelLabel="Keep it"
        confirmLabel="Delete review"
        isBusy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        <p className="py-4">It leaves the shop's pages at once. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
