import { useState } from 'react';
import type { Invoice } from '@shop/shared/contracts/invoices';
import { CardForm, cardIntentOf } from '@/components/card-form/card-form';
import { ErrorState } from '@/components/ui/error-state';
import { FormDialog } from '@/components/ui/form-dialog';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { formatAmount } from '@/lib/domain/invoice';
import { toastIfRateLimited } from '@/lib/failure-toast';
import { useInvoiceCardIntent, usePayInvoiceByCard } from '@/lib/queries/invoices';
import { toast } from '@/lib/toast';

interface PayInvoiceDialogProps {
  /** The invoice to pay; null: the dialog is closed. */
  invoice: Invoice | null;
  onClose: () => void;
}

/**
 * A company admin pays an open invoice's balance by card (docs/behaviour.md §5.23): the card form
 * of the payment page, paying an intent the server makes for the invoice; once the card is charged
 * the server checks it with the processor and records it (POST /invoice/{id}/card-payment), and
 * the dialog closes on the statement showing the payment.
 */
export function PayInvoiceDialog({ invoice, onClose }: PayInvoiceDialogProps) {
  return (
    <FormDialog open={invoice !== null} labelledBy="pay-invoice-dialog-title" onClose={onClose}>
      {invoice && <PayInvoice invoice={invoice} onClose={onClose} />}
    </FormDialog>
  );
}

function PayInvoice({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const { user } = useAuth();
  const intent = useInvoiceCardIntent(invoice.id);
  const record = usePayInvoiceByCard(invoice.id);
  /** The intent the card paid, once it has: the form gives way to its recording. */
  const [paidIntentId, setPaidIntentId] = useState<string | null>(null);

  // mutateAsync, not mutate's own callbacks: closing the dialog unmounts this form, and TanStack
  // Query skips the per-call callbacks of an unmounted one; the toast must still say it was paid.
  const recordPayment = (intentId: string) =>
    record.mutateAsync(intentId).then(
      (paid) => {
        toast.success(`${paid.number} paid by card`);
        onClose();
      },
      (failure: unknown) => toastIfRateLimited(failure),
    );

  const onSucceeded = (intentId: string) => {
    setPaidIntentId(intentId);
    void recordPayment(intentId);
  };

  // The card is charged for the intent's amount: the server's balance, once it has answered.
  const amount = intent.data?.amount ?? invoice.balance;
  return (
    <div className="modal-box">
      <h3 id="pay-invoice-dialog-title" className="text-lg font-bold break-words">
        Pay {invoice.number} by card
      </h3>
      <p className="mb-3">
        Amount: <strong>{formatAmount(amount)}</strong>, what {invoice.number} still owes of{' '}
        {formatAmount(invoice.total)}, due <time dateTime={invoice.dueOn}>{invoice.dueOn}</time>.
      </p>
      {paidIntentId ? (
        <div className="flex flex-col gap-3">
          <p className="text-success font-semibold">Your card was charged {formatAmount(amount)}.</p>
          {record.isPending && <p role="status">Recording your payment…</p>}
          {record.isError && (
            <RecordingError error={record.error} onRetry={() => void recordPayment(paidIntentId)} />
          )}
        </div>
      ) : (
        <CardForm
          intent={cardIntentOf(intent)}
          billing={{ name: user?.name ?? '', email: user?.email ?? '' }}
          onSucceeded={onSucceeded}
        />
      )}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

/**
 * The payment went through but was not recorded: the processor has not confirmed it yet, or the
 * shop could not be reached, and trying again is safe (the same intent is recorded once). When
 * the invoice no longer owes that amount, the server refunded the card and says so: no retry.
 */
function RecordingError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  if (error instanceof ApiError && error.code === 'payment-refunded') {
    return <ErrorState message={errorMessage(error)} />;
  }
  return (
    <ErrorState
      message={`Your payment went through, but we could not record it yet: ${errorMessage(error)}`}
      onRetry={onRetry}
    />
  );
}
