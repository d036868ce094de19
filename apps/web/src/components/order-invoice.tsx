import type { Invoice } from '@shop/shared/contracts/invoices';
import { BusyButton } from '@/components/ui/busy-button';
import { QueryErrorState } from '@/components/ui/error-state';
import { formatAmount } from '@/lib/domain/invoice';
import { toastFailure } from '@/lib/failure-toast';
import { useDownloadInvoicePdf, useOrderInvoice } from '@/lib/queries/invoices';

interface OrderInvoiceProps {
  orderId: string;
  /** Only an order that could have one asks (a company's order that is no longer unpaid). */
  enabled: boolean;
}

/**
 * An order paid by invoice (docs/behaviour.md §5.23): its invoice's number, due date and what it
 * still owes, with its PDF; nothing for an order without one. The order page and the payment page
 * show it under the order's summary.
 */
export function OrderInvoice({ orderId, enabled }: OrderInvoiceProps) {
  const invoice = useOrderInvoice(orderId, { enabled });
  if (invoice.data) return <InvoiceLine invoice={invoice.data} />;
  if (invoice.isError) return <QueryErrorState query={invoice} />;
  return null;
}

/** What the invoice owes now: its balance, or that it is settled or void. */
function owed(invoice: Invoice): string {
  if (invoice.state === 'paid') return 'paid in full';
  if (invoice.state === 'void') return 'void';
  return `balance ${formatAmount(invoice.balance)}`;
}

function InvoiceLine({ invoice }: { invoice: Invoice }) {
  const download = useDownloadInvoicePdf();
  return (
    <div className="card card-border bg-base-100 flex flex-wrap items-center gap-3 p-4">
      <p className="min-w-0 wrap-anywhere">
        Invoice <span className="font-mono">{invoice.number}</span> · due{' '}
        <time dateTime={invoice.dueOn}>{invoice.dueOn}</time> · {owed(invoice)}
        {invoice.overdue && <span className="badge badge-error ml-2 whitespace-nowrap">Overdue</span>}
      </p>
      <BusyButton
        type="button"
        className="btn btn-sm btn-outline"
        spinnerSize="xs"
        isBusy={download.isPending}
        onClick={() => download.mutate(invoice, { onError: (error) => toastFailure(error) })}
      >
        Download invoice PDF
      </BusyButton>
    </div>
  );
}
