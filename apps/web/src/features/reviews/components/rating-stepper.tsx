import { RATING_MAX, RATING_STEPPER_MIN } from '@shop/shared/constants';

interface RatingStepperProps {
  value: number;
  onChange: (value: number) => void;
  /** The API's reason for refusing the rating, shown under the stepper (docs/behaviour.md §8.5). */
  error?: string;
}

/** The rating stepper: step 1, never below 0 or above 5; the value is announced (docs/behaviour.md §5.5). */
export function RatingStepper({ value, onChange, error }: RatingStepperProps) {
  return (
    <div className="flex flex-col gap-1">
      <div
        role="group"
        aria-labelledby="rating-label"
        aria-describedby={error ? 'rating-error' : undefined}
        className="flex items-center gap-3"
      >
        <span id="rating-label" className="font-medium">
          Rating
        </span>
        <button
          type="button"
          className="btn btn-circle btn-outline"
          aria-label="Decrease rating"
          disabled={value <= RATING_STEPPER_MIN}
          onClick={() => onChange(Math.max(RATING_STEPPER_MIN, value - 1))}
        >
          <span aria-hidden="true">−</span>
        </button>
        <output
          aria-labelledby="rating-label"
          aria-live="polite"
          className="w-16 text-center text-2xl font-bold"
        >
          {value}
          <span className="sr-only"> out of {RATING_MAX}</span>
        </output>
        <button
          type="button"
          className="btn btn-circle btn-outline"
          aria-label="Increase rating"
          disabled={value >= RATING_MAX}
          onClick={() => onChange(Math.min(RATING_MAX, value + 1))}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      {error && (
        <p id="rating-error" role="alert" className="text-error text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
