import { useState } from 'react';
import { BusyButton } from '@/components/ui/busy-button';
import { FormAlert } from '@/components/ui/form-alert';
import { errorMessage } from '@/lib/api-client';
import { termsName } from '@/lib/domain/invoice';
import { isPayable, type Order } from '@/lib/domain/order';
import { toastIfRateLimited } from '@/lib/failure-toast';
import { useMyCompany } from '@/lib/queries/companies';
import { usePayOrderByInvoice } from '@/lib/queries/invoices';
import { toast } from '@/lib/toast';

/**
 * Pay by invoice (docs/behaviour.md §5.23), beside the card form: for an unpaid order of a company
 * with payment terms, placed by one of its admins or buyers. The order is confirmed at once and the
 * invoice e-mailed; over the credit limit, or with an invoice overdue, the API's message says why
 * and the card is still there.
 */
export function InvoicePayment({ order }: { order: Order }) {
  const mayAsk = order.companyId !== null && isPayable(order);
  const membership = useMyCompany({ enabled: mayAsk }).data?.membership;
  const pay = usePayOrderByInvoice(order.id);
  const [error, setError] = useState<string | null>(null);

  const terms = membership?.company.terms;
  if (pay.data) {
    return (
      <p role="status" className="alert alert-success alert-soft mt-6 wrap-anywhere">
        Paid by invoice {pay.data.number}, due {pay.data.dueOn}: the invoice is e-mailed to{' '}
        {terms?.invoiceEmail ?? "your company's invoice address"}.
      </p>
    );
  }
  if (!mayAsk || !membership || !terms || membership.company.id !== order.companyId) return null;
  if (membership.role === 'viewer') return null;

  const onPay = () => {
    setError(null);
    pay.mutate(undefined, {
      onSuccess: (invoice) => toast.success(`Order paid: invoice ${invoice.number} e-mailed`),
      onError: (refusal) => {
        toastIfRateLimited(refusal);
        setError(errorMessage(refusal));
      },
    });
  };

  return (
    <section aria-labelledby="invoice-payment-heading" className="card bg-base-200 mt-6">
      <div className="card-body gap-3">
        <h3 id="invoice-payment-heading" className="card-title">
          Or pay on your company&apos;s terms
        </h3>
        <p className="wrap-anywhere">
          {termsName(terms.days)}: the order is confirmed now and the invoice e-mailed to {terms.invoiceEmail}
          , due {terms.days} days after the order.
        </p>
        <FormAlert message={error} />
        <div>
          <BusyButton type="button" className="btn btn-primary" isBusy={pay.isPending} onClick={onPay}>
            Pay by invoice
          </BusyButton>
        </div>
      </div>
    </section>
  );
}
