import { lazy, Suspense, useState } from 'react';
import { toast } from '@/lib/toast';
import { copy } from '@shop/shared/copy';
import { ErrorState, QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import type { Order } from '@/lib/domain/order';
import { usePaymentIntent } from '../api/create-payment-intent';
import { usePaymentsConfig } from '../api/get-payments-config';
import { useMarkOrderPaid } from '../api/mark-order-paid';
import { isWorthRetrying, type CardFormProps } from './card-form-parts';
import { DemoCardForm } from './demo-card-form';

// Stripe's code is loaded only when the shop uses Stripe, and only on this page.
const StripeCardForm = lazy(async () => ({ default: (await import('./stripe-card-form')).StripeCardForm }));

/**
 * Pays the order (docs/behaviour.md §6.2, §6.3): the card form until a payment succeeds, then the
 * success message and the transaction id, while PATCH /order/{id} has the server verify and record
 * it (§6.5).
 */
export function PaymentPanel({ order }: { order: Order }) {
  const [transactionId, setTransactionId] = useState<string | null>(null);
  const markPaid = useMarkOrderPaid(order.id);

  const onSucceeded = (id: string) => {
    setTransactionId(id);
    toast.success(copy.paymentSucceeded);
    markPaid.mutate(id);
  };

  if (transactionId) {
    return (
      <div className="flex flex-col gap-3">
        <p className="text-success text-lg font-semibold">{copy.paymentSucceeded}</p>
        <TransactionId id={transactionId} isPaid={order.isPaid} />
        {markPaid.isPending && <p role="status">Recording your payment…</p>}
        {markPaid.isError && (
          <ErrorState
            message={`Your payment went through, but we could not record it yet: ${errorMessage(markPaid.error)}`}
            onRetry={() => markPaid.mutate(transactionId)}
          />
        )}
      </div>
    );
  }
  if (order.isPaid) return <TransactionId id={order.transactionId ?? ''} isPaid />;
  return <CardForm order={order} onSucceeded={onSucceeded} />;
}

function TransactionId({ id, isPaid }: { id: string; isPaid: boolean }) {
  return (
    <p>
      {isPaid && <span className="badge badge-success mr-2">Paid</span>}
      Transaction id: <span className="font-mono break-all">{id}</span>
    </p>
  );
}

/** The processor's form, with the intent's client secret once the server has made it. */
function CardForm({ order, onSucceeded }: { order: Order; onSucceeded: (id: string) => void }) {
  const config = usePaymentsConfig();
  const intent = usePaymentIntent(order.id, order.totalPrice);

  if (config.isPending) return <Spinner label="Loading the card form" />;
  if (config.isError) {
    return <QueryErrorState query={config} />;
  }
  const props: CardFormProps = {
    clientSecret: intent.data?.clientSecret,
    intentError: intent.isError ? errorMessage(intent.error) : null,
    onRetryIntent: intent.isError && isWorthRetrying(intent.error) ? () => void intent.refetch() : undefined,
    billing: { name: order.customerName, email: order.customerEmail },
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
