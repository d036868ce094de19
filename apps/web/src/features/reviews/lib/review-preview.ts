import { REVIEW_PREVIEW_LENGTH, REVIEW_TRUNCATE_FROM } from '@shop/shared/constants';

/** In full if shorter than 110 characters, else the first 108 and '...' (docs/behaviour.md §11.3). */
export function reviewPreview(text: string): string {
  return text.length < REVIEW_TRUNCATE_FROM ? text : `${text.slice(0, REVIEW_PREVIEW_LENGTH)}...`;
}

/** The carousel shows the newest reviews first; the API lists them oldest first. */
export function newestFirst<T>(reviews: readonly T[]): T[] {
  return [...reviews].reverse();
}
