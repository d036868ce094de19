import { useId } from 'react';
import { RATING_MAX, RATING_STEPPER_MIN } from '@shop/shared/constants';

interface RatingStepperProps {
  value: number;
  onChange: (value: number) => void;
  /** The API's reason for refusing the rating, shown under the stepper (docs/behaviour.md §10.3). */
  error?: string;
}

/** The rating stepper: step 1, never below 0 or above 5; the value is announced (docs/behaviour.md §7.2). */
export function RatingStepper({ value, onChange, error }: RatingStepperProps) {
  // Unique ids: the edit dialog has a stepper of its own beside the form's (docs/behaviour.md §7.6).
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <div
        role="group"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        className="flex items-center gap-3"
      >
        <span id={labelId} className="font-medium">
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
        <output aria-labelledby={labelId} aria-live="polite" className="w-16 text-center text-2xl font-bold">
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
        <p id={errorId} role="alert" className="text-error text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
