import { errorMessage } from '@/lib/api-client';

/** A failed fetch: say so plainly and offer a retry instead of an endless spinner. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="alert alert-error alert-soft my-6 flex flex-wrap justify-between">
      <span>{message}</span>
      {onRetry && (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** The failed-fetch message and retry for a TanStack query. */
export function QueryErrorState({ query }: { query: { error: unknown; refetch: () => unknown } }) {
  return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
}
