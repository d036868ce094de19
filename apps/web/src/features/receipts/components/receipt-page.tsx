import { Link, useParams } from 'react-router';
import { formatCount } from '@shop/shared/format';
import { formatDollars } from '@shop/shared/money';
import { BusyButton } from '@/components/ui/busy-button';
import { TaxSummary } from '@/components/tax-summary';
import { ErrorState, QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useIsAdmin } from '@/lib/auth/use-is-admin';
import { toastFailure } from '@/lib/failure-toast';
import { useDownloadReceiptPdf } from '../api/download-receipt-pdf';
import { useReceipt, type Receipt } from '../api/get-receipt';

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' });

/**
 * /dashboard/orders/{id}/receipt: a paid order's receipt, made for printing (docs/behaviour.md
 * §5.16), and downloadable as a PDF the API makes. On paper the bar, the dashboard's menu and this
 * page's buttons are left out, and the receipt is black on white within the page's margins (A4 or
 * Letter).
 */
export function ReceiptPage() {
  usePageTitle('Receipt');
  const { id = '' } = useParams();
  const receipt = useReceipt(id);
  const downloadPdf = useDownloadReceiptPdf();
  const { isAdmin } = useIsAdmin();
  const back = isAdmin
    ? { to: paths.allOrders, label: 'Back to Total Orders' }
    : { to: paths.myOrders, label: 'Back to My Orders' };
  const backLink = (
    <Link to={back.to} className="btn btn-ghost btn-sm print:hidden">
      {back.label}
    </Link>
  );

  if (receipt.isPending) return <Spinner label="Loading the receipt" />;
  if (receipt.isError) {
    const { error } = receipt;
    const isFinal = error instanceof ApiError && (error.status === 404 || error.status === 409);
    return (
      <section aria-label="Receipt">
        {error instanceof ApiError && error.status === 404 ? (
          <ErrorState message="We could not find this order's receipt." />
        ) : isFinal ? (
          <ErrorState message={errorMessage(error)} />
        ) : (
          <QueryErrorState query={receipt} />
        )}
        {backLink}
      </section>
    );
  }
  return (
    <>
      <div className="mb-4 flex flex-wrap gap-2 print:hidden">
        <button type="button" className="btn btn-primary btn-sm" onClick={() => window.print()}>
          Print
        </button>
        <BusyButton
          type="button"
          className="btn btn-outline btn-sm"
          spinnerSize="xs"
          isBusy={downloadPdf.isPending}
          onClick={() => downloadPdf.mutate(id, { onError: (error) => toastFailure(error) })}
        >
          Download PDF
        </BusyButton>
        {backLink}
      </div>
      <ReceiptDocument receipt={receipt.data} />
    </>
  );
}

function ReceiptDocument({ receipt }: { receipt: Receipt }) {
  const { shop, customer } = receipt;
  return (
    <article
      aria-labelledby="receipt-heading"
      className="bg-base-100 border-base-300 max-w-3xl rounded-box border p-6 sm:p-10 print:max-w-none print:rounded-none print:border-0 print:p-0 print:text-black"
    >
      <header className="flex flex-wrap justify-between gap-6 border-b border-current/20 pb-6">
        <div>
          <p className="text-lg font-bold">{shop.name}</p>
          <address className="not-italic">
            {shop.addressLines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
            <span className="block">{shop.email}</span>
          </address>
        </div>
        <div className="sm:text-right">
          <h2 id="receipt-heading" className="text-2xl font-bold">
            Receipt
          </h2>
          <p>Paid</p>
        </div>
      </header>

      <dl className="grid gap-x-6 gap-y-1 border-b border-current/20 py-6 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Order number</dt>
        <dd className="font-mono text-sm break-all">{receipt.orderId}</dd>
        <dt className="font-semibold">Date paid</dt>
        <dd>{receipt.paidAt ? dateTime(receipt.paidAt) : 'Not recorded'}</dd>
        <dt className="font-semibold">Ordered</dt>
        <dd>{dateTime(receipt.placedAt)}</dd>
        <dt className="font-semibold">Transaction id</dt>
        <dd className="font-mono text-sm break-all">{receipt.transactionId}</dd>
        {/* The buyer's own reference and note, when the checkout gave them. */}
        {receipt.poNumber && (
          <>
            <dt className="font-semibold">PO number</dt>
            <dd className="break-all">{receipt.poNumber}</dd>
          </>
        )}
        {receipt.note && (
          <>
            <dt className="font-semibold">Note</dt>
            <dd className="whitespace-pre-line wrap-anywhere">{receipt.note}</dd>
          </>
        )}
      </dl>

      <section aria-labelledby="receipt-customer" className="border-b border-current/20 py-6">
        <h3 id="receipt-customer" className="mb-1 font-semibold">
          Customer
        </h3>
        <p>{customer.name}</p>
        <p className="break-all">{customer.email}</p>
        <p>{customer.phoneNumber}</p>
        <p className="whitespace-pre-line">{customer.address}</p>
      </section>

      <table className="mt-6 w-full break-inside-avoid text-left">
        <caption className="sr-only">Items</caption>
        <thead>
          <tr className="border-b border-current/20">
            <th scope="col" className="py-2">
              Tool
            </th>
            <th scope="col" className="py-2 pl-3 text-right">
              Quantity
            </th>
            <th scope="col" className="py-2 pl-3 text-right">
              Unit price
            </th>
            <th scope="col" className="py-2 pl-3 text-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.items.map((item, index) => (
            <tr key={index} className="border-b border-current/10">
              <td className="py-2 wrap-anywhere">
                {item.tool}
                {/* None on a line ordered before SKUs (docs/behaviour.md §3.14). */}
                {item.sku && (
                  <>
                    {' '}
                    <span className="block font-mono text-sm">SKU {item.sku}</span>
                  </>
                )}
              </td>
              <td className="py-2 pl-3 text-right">{formatCount(item.quantity)}</td>
              <td className="py-2 pl-3 text-right">{formatDollars(item.unitPrice)}</td>
              <td className="py-2 pl-3 text-right">{formatDollars(item.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="pt-3 text-right font-normal">
              Items
            </th>
            <td className="pt-3 text-right">{formatDollars(receipt.itemsTotal)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={3} className="text-right font-normal">
              Shipping
            </th>
            <td className="text-right">{formatDollars(receipt.shipping)}</td>
          </tr>
          {/* Where and why it paid the tax it paid; none for an order placed before tax (§5.22). */}
          {receipt.taxLines.length > 0 && (
            <tr>
              <th scope="row" colSpan={3} className="text-right align-top font-normal">
                Tax
              </th>
              <td className="text-right">
                <TaxSummary amount={receipt.tax} lines={receipt.taxLines} />
              </td>
            </tr>
          )}
          <tr className="text-lg font-bold">
            <th scope="row" colSpan={3} className="pt-2 text-right">
              Total paid
            </th>
            <td className="pt-2 text-right">{formatDollars(receipt.total)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="mt-8 text-sm">Paid by card in US dollars. Thank you for your order.</p>
    </article>
  );
}
