import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { RATING_STEPPER_MIN, REVIEW_TITLE } from '@shop/shared/constants';
import { copy } from '@shop/shared/copy';
import { REVIEW_MAX_LENGTH } from '@shop/shared/contracts/reviews';
import { FormField } from '@/components/ui/form-field';
import { usePageTitle } from '@/components/ui/use-page-title';
import { BusyButton } from '@/components/ui/busy-button';
import { useAuth } from '@/lib/auth/auth-context';
import { fieldIssues, sameNames } from '@/lib/field-issues';
import { toastFailure } from '@/lib/failure-toast';
import { useCreateReview } from '../api/create-review';
import { OwnReviews } from './own-reviews';
import { RatingStepper } from './rating-stepper';
import { missingMessage } from '../lib/review-rules';
import { ToolChoice } from './tool-choice';

const issueFields = sameNames('rating', 'review');
type FieldErrors = Partial<Record<'rating' | 'review', string>>;

/** /dashboard/my-reviews: the feedback form, labelled Add Reviews in the menu. */
export function AddReviewPage() {
  usePageTitle('Add Reviews');
  const { user } = useAuth();
  const [rating, setRating] = useState(RATING_STEPPER_MIN);
  const [review, setReview] = useState('');
  // '' is a general review of the shop (docs/behaviour.md §7.3).
  const [toolId, setToolId] = useState('');
  // The API's reasons for refusing a field, shown at it until that field changes.
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const create = useCreateReview();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = review.trim();
    const message = missingMessage(rating, text);
    if (message) {
      toast.error(message);
      return;
    }
    setFieldErrors({});
    create.mutate(
      { rating, review: text, name: user?.name, address: REVIEW_TITLE, ...(toolId && { toolId }) },
      {
        onSuccess: () => {
          toast.success(copy.reviewThanks);
          setRating(RATING_STEPPER_MIN);
          setReview('');
          setToolId('');
        },
        onError: (error) => {
          toastFailure(error);
          setFieldErrors(fieldIssues(error, issueFields));
        },
      },
    );
  };

  return (
    <div className="flex max-w-xl flex-col gap-10">
      <section aria-labelledby="add-review-heading">
        <h2 id="add-review-heading" className="mb-1 text-xl font-semibold">
          Hello, {user?.name}!
        </h2>
        <p className="mb-6">Tell other painters how our tools worked for you.</p>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          {user && <ToolChoice email={user.email} value={toolId} onChange={setToolId} />}
          <RatingStepper
            value={rating}
            error={fieldErrors.rating}
            onChange={(value) => {
              setRating(value);
              setFieldErrors(({ rating: _, ...others }) => others);
            }}
          />
          <FormField id="review-text" label="Your review" kind="textarea" error={fieldErrors.review}>
            {(field) => (
              <textarea
                {...field}
                className={`${field.className} h-32`}
                value={review}
                maxLength={REVIEW_MAX_LENGTH}
                onChange={(event) => {
                  setReview(event.target.value);
                  setFieldErrors(({ review: _, ...others }) => others);
                }}
              />
            )}
          </FormField>
          <div>
            <BusyButton isBusy={create.isPending}>Post Review</BusyButton>
          </div>
        </form>
      </section>
      <OwnReviews />
    </div>
  );
}
