import { toast } from './toast';
import { ApiError, errorMessage } from './api-client';

/**
 * A 429 as a toast saying when to try again, whatever else the screen shows (an inline message,
 * field problems). One toast id, so a second refusal replaces it rather than stacking. Says
 * whether it was one.
 */
export function toastIfRateLimited(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 429) return false;
  toast.error(error.message, { id: 'rate-limited' });
  return true;
}

/**
 * A failed request's toast (docs/behaviour.md §10.2): the screen's message, by default the
 * server's; a 429 says when to try again instead.
 */
export function toastFailure(error: unknown, message: string = errorMessage(error)): void {
  if (!toastIfRateLimited(error)) toast.error(message);
}
