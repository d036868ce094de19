import { useState } from 'react';
import { toast } from '@/lib/toast';
import { copy } from '@shop/shared/copy';
import { CardForm, cardIntentOf } from '@/components/card-form/card-form';
import { ErrorState } from '@/components/ui/error-state';
import { errorMessage } from '@/lib/api-client';
import type { Order } from '@/lib/domain/order';
import { usePaymentIntent } from '../api/create-payment-intent';
import { useMarkOrderPaid } from '../api/mark-order-paid';

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
  return <OrderCardForm order={order} onSucceeded={onSucceeded} />;
}

function TransactionId({ id, isPaid }: { id: string; isPaid: boolean }) {
  return (
    <p>
      {isPaid && <span className="badge badge-success mr-2">Paid</span>}
      Transaction id: <span className="font-mono break-all">{id}</span>
    </p>
  );
}

/** The card form, paying the order's intent (asked for only while the order is unpaid). */
function OrderCardForm({ order, onSucceeded }: { order: Order; onSucceeded: (id: string) => void }) {
  const intent = usePaymentIntent(order.id, order.totalPrice);
  return (
    <CardForm
      intent={cardIntentOf(intent)}
      billing={{ name: order.customerName, email: order.customerEmail }}
      onSucceeded={onSucceeded}
    />
  );
}
