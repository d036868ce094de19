import { useState, type FormEvent } from 'react';
import { REVIEW_MAX_LENGTH } from '@shop/shared/contracts/reviews';
import { reviewCopy } from '@shop/shared/review-copy';
import { FormField } from '@/components/ui/form-field';
import { FormDialog, FormDialogActions } from '@/components/ui/form-dialog';
import type { ManagedReview } from '@/lib/domain/review';
import { toastFailure } from '@/lib/failure-toast';
import { toast } from '@/lib/toast';
import { useEditReview } from '../api/own-reviews';
import { missingMessage } from '../lib/review-rules';
import { RatingStepper } from './rating-stepper';

/** Edit one's own review: the stars and the text, checked as the form checks them (§7.6). */
export function EditReviewDialog({ review, onClose }: { review: ManagedReview | null; onClose: () => void }) {
  return (
    <FormDialog open={review !== null} labelledBy="edit-review-title" onClose={onClose}>
      {/* Keyed by the review: each opening starts from that review's stars and text. */}
      {review && <EditReviewForm key={review.id} review={review} onClose={onClose} />}
    </FormDialog>
  );
}

function EditReviewForm({ review, onClose }: { review: ManagedReview; onClose: () => void }) {
  const edit = useEditReview();
  const [rating, setRating] = useState(review.rating);
  const [text, setText] = useState(review.text);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = text.trim();
    const message = missingMessage(rating, trimmed);
    if (message) {
      toast.error(message);
      return;
    }
    edit.mutate(
      { id: review.id, body: { rating, review: trimmed } },
      {
        onSuccess: () => {
          toast.success(reviewCopy.edited);
          onClose();
        },
        onError: (error) => toastFailure(error),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="modal-box flex flex-col gap-5">
      <h3 id="edit-review-title" className="text-lg font-bold">
        Edit your review of {review.toolName ?? 'the shop'}
      </h3>
      <RatingStepper value={rating} onChange={setRating} />
      <FormField id="edit-review-text" label="Your review" kind="textarea">
        {(field) => (
          <textarea
            {...field}
            className={`${field.className} h-32`}
            value={text}
            maxLength={REVIEW_MAX_LENGTH}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </FormField>
      <FormDialogActions onClose={onClose} isBusy={edit.isPending} submitLabel="Save review" />
    </form>
  );
}
