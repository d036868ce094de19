import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { usePaymentsConfig } from '@/lib/queries/get-payments-config';
import { isWorthRetrying, type CardFormProps } from './card-form-parts';
import { DemoCardForm } from './demo-card-form';

// Stripe's code is loaded only when the shop uses Stripe, and only on a page with a card form.
const StripeCardForm = lazy(async () => ({ default: (await import('./stripe-card-form')).StripeCardForm }));

/** The payment intent a card pays, as the server has answered it so far. */
export interface CardIntent {
  /** Undefined until the server has made the intent. */
  clientSecret: string | undefined;
  /** Why the server made none (null while there is no refusal). */
  error: unknown;
  /** Asks the server for the intent again. */
  refetch: () => void;
}

/**
 * The card form's intent from the query that asks the server for it: an order's (POST
 * /create-payment-intent) or an invoice's (POST /invoice/{id}/card-intent). Call it where the
 * query is used, while rendering: TanStack Query re-renders a component only for the parts of a
 * query it read, so the query's own component must read them for the form to follow it.
 */
export function cardIntentOf(query: UseQueryResult<{ clientSecret: string }>): CardIntent {
  return {
    clientSecret: query.data?.clientSecret,
    error: query.isError ? query.error : null,
    refetch: () => void query.refetch(),
  };
}

interface CardFormOwnProps {
  intent: CardIntent;
  billing: CardFormProps['billing'];
  /** The card was charged: the processor's id of the intent, for the server to check and record. */
  onSucceeded: CardFormProps['onSucceeded'];
}

/**
 * The processor's card form (docs/behaviour.md §6.3): the demo processor's fields or Stripe's,
 * whichever the shop uses, with the intent's client secret once the server has made it. The
 * intent's refusal shows under the form, with Try again when asking again can help.
 */
export function CardForm({ intent, billing, onSucceeded }: CardFormOwnProps) {
  const config = usePaymentsConfig();

  if (config.isPending) return <Spinner label="Loading the card form" />;
  if (config.isError) return <QueryErrorState query={config} />;
  const props: CardFormProps = {
    clientSecret: intent.clientSecret,
    intentError: intent.error ? errorMessage(intent.error) : null,
    onRetryIntent: intent.error && isWorthRetrying(intent.error) ? intent.refetch : undefined,
    billing,
    onSucceeded,
  };
  const { provider, publishableKey = '' } = config.data;
  return provider === 'stripe' ? (
    <Suspense fallback={<Spinner label="Loading the card form" />}>
      <StripeCardForm publishableKey={publishableKey} {...props} />
    </Suspense>
  ) : (
    <DemoCardForm {...props} />
  );
}
