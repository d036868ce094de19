import type { ReactNode } from 'react';
import {
  INVOICE_PAYMENT_METHOD_LABELS,
  INVOICE_STATE_LABELS,
  type Invoice,
  type InvoicePayment,
  type InvoiceState,
  type Statement,
} from '@shop/shared/contracts/invoices';
import { formatCount } from '@shop/shared/format';
import { BusyButton } from '@/components/ui/busy-button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { formatAmount, isoDay, termsSummary } from '@/lib/domain/invoice';
import { toastFailure } from '@/lib/failure-toast';
import { useDownloadInvoicePdf } from '@/lib/queries/invoices';

// Whole class names: Tailwind finds the classes it generates by reading the source as text.
const stateBadgeClass: Record<InvoiceState, string> = {
  open: 'badge-warning',
  paid: 'badge-success',
  void: 'badge-neutral',
};

interface StatementViewProps {
  statement: Statement;
  /** The level of its Invoices and Payments headings, under the page's own. */
  headingLevel: 3 | 4;
  /** Its terms as a row of the summary; the back office shows them in a section of their own. */
  showTerms?: boolean;
  /** One invoice's buttons besides its PDF (Record payment, in the back office). */
  invoiceActions?: (invoice: Invoice) => ReactNode;
}

/**
 * A company's account with the shop (docs/behaviour.md §5.23): its terms, what it owes, the credit
 * left and what is overdue, then its invoices, each with its PDF, and the payments received. The
 * company admins' statement page and the back office's company page show the same. A table from
 * `md` up, cards on a phone (DataTable), so nothing scrolls sideways at 390 px.
 */
export function StatementView({
  statement,
  headingLevel,
  showTerms = true,
  invoiceActions,
}: StatementViewProps) {
  const Heading = `h${headingLevel}` as const;
  const name = statement.companyName;
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-2">
        {showTerms && (
          <>
            <dt className="font-semibold">Terms</dt>
            <dd className="wrap-anywhere">
              {statement.terms ? termsSummary(statement.terms) : 'No terms: buyers pay by card'}
            </dd>
          </>
        )}
        <dt className="font-semibold">Balance</dt>
        <dd>{formatAmount(statement.balance)}</dd>
        {statement.terms && (
          <>
            <dt className="font-semibold">Credit available</dt>
            <dd>{formatAmount(statement.creditAvailable)}</dd>
          </>
        )}
      </dl>
      {statement.overdueCount > 0 && (
        <p role="status" className="alert alert-warning alert-soft">
          {formatCount(statement.overdueCount)} {statement.overdueCount === 1 ? 'invoice is' : 'invoices are'}{' '}
          overdue, owing {formatAmount(statement.overdueBalance)}. New orders on terms are blocked until{' '}
          {statement.overdueCount === 1 ? 'it is' : 'they are'} paid.
        </p>
      )}

      <section aria-labelledby="statement-invoices-heading" className="flex flex-col gap-2">
        <Heading id="statement-invoices-heading" className="text-lg font-semibold">
          Invoices
        </Heading>
        {statement.invoices.length === 0 ? (
          <p>No invoices yet.</p>
        ) : (
          <InvoiceTable
            label={`Invoices of ${name}`}
            invoices={statement.invoices}
            actions={invoiceActions}
          />
        )}
      </section>

      <section aria-labelledby="statement-payments-heading" className="flex flex-col gap-2">
        <Heading id="statement-payments-heading" className="text-lg font-semibold">
          Payments
        </Heading>
        {statement.payments.length === 0 ? (
          <p>No payments received yet.</p>
        ) : (
          <DataTable
            label={`Payments of ${name}`}
            columns={paymentColumns}
            rows={statement.payments}
            rowKey={(payment) => payment.id}
          />
        )}
      </section>
    </div>
  );
}

function InvoiceTable({
  label,
  invoices,
  actions,
}: {
  label: string;
  invoices: Invoice[];
  actions?: (invoice: Invoice) => ReactNode;
}) {
  const download = useDownloadInvoicePdf();
  const isDownloading = (invoice: Invoice) => download.isPending && download.variables.id === invoice.id;
  const columns: Column<Invoice>[] = [
    { header: 'Invoice', card: 'title', className: 'font-mono', cell: (invoice) => invoice.number },
    {
      header: 'Issued',
      cell: (invoice) => <time dateTime={invoice.issuedAt}>{isoDay(invoice.issuedAt)}</time>,
    },
    { header: 'Due', cell: (invoice) => <time dateTime={invoice.dueOn}>{invoice.dueOn}</time> },
    { header: 'Total', cell: (invoice) => formatAmount(invoice.total) },
    { header: 'Paid', cell: (invoice) => formatAmount(invoice.paid) },
    { header: 'Balance', cell: (invoice) => formatAmount(invoice.balance) },
    {
      header: 'State',
      cell: (invoice) => (
        <span className="inline-flex flex-wrap gap-1">
          <span className={`badge whitespace-nowrap ${stateBadgeClass[invoice.state]}`}>
            {INVOICE_STATE_LABELS[invoice.state]}
          </span>
          {invoice.overdue && <span className="badge badge-error whitespace-nowrap">Overdue</span>}
        </span>
      ),
    },
    {
      header: 'Actions',
      hideHeader: true,
      card: 'actions',
      cell: (invoice) => (
        <>
          <BusyButton
            type="button"
            className="btn btn-sm btn-outline"
            spinnerSize="xs"
            isBusy={isDownloading(invoice)}
            aria-label={`Download PDF of ${invoice.number}`}
            onClick={() => download.mutate(invoice, { onError: (error) => toastFailure(error) })}
          >
            Download PDF
          </BusyButton>
          {actions?.(invoice)}
        </>
      ),
    },
  ];
  return <DataTable label={label} columns={columns} rows={invoices} rowKey={(invoice) => invoice.id} />;
}

const paymentColumns: Column<InvoicePayment>[] = [
  {
    header: 'Received',
    cell: (payment) => <time dateTime={payment.receivedOn}>{payment.receivedOn}</time>,
  },
  { header: 'Invoice', card: 'title', className: 'font-mono', cell: (payment) => payment.invoiceNumber },
  { header: 'Method', cell: (payment) => INVOICE_PAYMENT_METHOD_LABELS[payment.method] },
  { header: 'Reference', className: 'wrap-anywhere', cell: (payment) => payment.reference ?? '' },
  { header: 'Amount', cell: (payment) => formatAmount(payment.amount) },
];
