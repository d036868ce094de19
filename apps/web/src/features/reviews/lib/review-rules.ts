import { RATING_STEPPER_MIN } from '@shop/shared/constants';
import { copy } from '@shop/shared/copy';

/**
 * The three review messages of docs/behaviour.md §7.2, or null when the review can be posted.
 * The feedback form and the edit dialog (§7.6) check the same way.
 */
export function missingMessage(rating: number, text: string): string | null {
  if (rating <= RATING_STEPPER_MIN && !text) return copy.reviewMissingBoth;
  if (rating <= RATING_STEPPER_MIN) return copy.reviewMissingRating;
  if (!text) return copy.reviewMissingText;
  return null;
}
