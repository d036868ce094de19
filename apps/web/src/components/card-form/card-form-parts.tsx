import { ApiError } from '@/lib/api-client';
import { BusyButton } from '@/components/ui/busy-button';

/** What either card form needs: the intent's secret, who pays, and whom to tell on success. */
export interface CardFormProps {
  /** Undefined until the server has created the intent: the button waits for it. */
  clientSecret: string | undefined;
  /** Why there is no client secret, when the server refused one. */
  intentError: string | null;
  /** Asks for the intent again, when a retry can help (the processor was not answering). */
  onRetryIntent: (() => void) | undefined;
  billing: { name: string; email: string };
  onSucceeded: (transactionId: string) => void;
}

/** The button and, under it, the card processor's message (docs/behaviour.md §6.4). */
export function CardFormFooter({
  canPay,
  isPaying,
  error,
  onRetry,
}: {
  canPay: boolean;
  isPaying: boolean;
  error: string | null;
  /** Offered with the message when trying again can help (docs/behaviour.md §2.7). */
  onRetry?: (() => void) | undefined;
}) {
  return (
    <>
      <BusyButton isBusy={isPaying} disabled={!canPay}>
        make the payment
      </BusyButton>
      {error && (
        <div className="flex flex-wrap items-center gap-3">
          <p id="card-error" role="alert" className="text-error text-sm font-medium">
            {error}
          </p>
          {onRetry && (
            <button type="button" className="btn btn-sm" onClick={onRetry} disabled={isPaying}>
              Try again
            </button>
          )}
        </div>
      )}
    </>
  );
}

/**
 * A failure that trying again can fix: the card processor was not answering (503, nothing was
 * charged), the shop failed on its side, or it could not be reached. A declined card cannot.
 */
export function isWorthRetrying(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}
