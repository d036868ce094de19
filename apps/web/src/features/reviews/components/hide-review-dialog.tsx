import { useState, type FormEvent } from 'react';
import { HIDE_REASON_MAX_LENGTH, reviewCopy } from '@shop/shared/review-copy';
import { FormField } from '@/components/ui/form-field';
import { FormDialog, FormDialogActions } from '@/components/ui/form-dialog';
import type { ManagedReview } from '@/lib/domain/review';
import { toastFailure } from '@/lib/failure-toast';
import { toast } from '@/lib/toast';
import { useModerateReview } from '../api/moderation';

/** Hide a review: the admin says why; the author sees the reason (docs/behaviour.md §7.5). */
export function HideReviewDialog({ review, onClose }: { review: ManagedReview | null; onClose: () => void }) {
  const moderate = useModerateReview();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!review) return;
    if (!reason.trim()) {
      setError(reviewCopy.reasonRequired);
      return;
    }
    moderate.mutate(
      { id: review.id, body: { hidden: true, reason: reason.trim() } },
      {
        onSuccess: () => {
          toast.success(reviewCopy.hidden);
          close();
        },
        onError: (failure) => toastFailure(failure),
      },
    );
  };

  return (
    <FormDialog open={review !== null} labelledBy="hide-review-title" onClose={close}>
      {review && (
        <form noValidate onSubmit={onSubmit} className="modal-box flex flex-col gap-4">
          <h3 id="hide-review-title" className="text-lg font-bold">
            Hide the review by {review.authorName}?
          </h3>
          <p>It leaves the home page and every public list at once. You can restore it later.</p>
          <FormField id="hide-reason" label="Reason (the author sees it)" kind="textarea" error={error}>
            {(field) => (
              <textarea
                {...field}
                className={`${field.className} h-24`}
                value={reason}
                maxLength={HIDE_REASON_MAX_LENGTH}
                onChange={(event) => {
                  setReason(event.target.value);
                  setError(undefined);
                }}
              />
            )}
          </FormField>
          <FormDialogActions
            onClose={close}
            isBusy={moderate.isPending}
            submitLabel="Hide review"
            submitClassName="btn btn-warning"
          />
        </form>
      )}
    </FormDialog>
  );
}
