/** What either card form needs: the intent's secret, who pays, and whom to tell on success. */
export interface CardFormProps {
  /** Undefined until the server has created the intent: the button waits for it. */
  clientSecret: string | undefined;
  /** Why there is no client secret, when the server refused one. */
  intentError: string | null;
  billing: { name: string; email: string };
  onSucceeded: (transactionId: string) => void;
}

/** The button and, under it, the card processor's message (docs/behaviour.md §6.6). */
export function CardFormFooter({
  canPay,
  isPaying,
  error,
}: {
  canPay: boolean;
  isPaying: boolean;
  error: string | null;
}) {
  return (
    <>
      <button type="submit" className="btn btn-primary" disabled={!canPay || isPaying}>
        {isPaying && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        make the payment
      </button>
      {error && (
        <p id="card-error" role="alert" className="text-error text-sm font-medium">
          {error}
        </p>
      )}
    </>
  );
}
