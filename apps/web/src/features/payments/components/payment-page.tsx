import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatCount } from '@shop/shared/format';
import { formatDollars } from '@shop/shared/money';
import { OrderInvoice } from '@/components/order-invoice';
import { OrderLinesTable } from '@/components/order-lines-table';
import { TaxSummary } from '@/components/tax-summary';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { mayHaveInvoice, type OrderDetail } from '@/lib/domain/order';
import { useOrder } from '../api/get-order';
import { InvoicePayment } from './invoice-payment';
import { PaymentPanel } from './payment-panel';

/**
 * /dashboard/payments/{id}: the order's summary, its lines when it has several, and the card form
 * that pays it; for a company with payment terms, Pay by invoice beside it, and once paid so, the
 * invoice (docs/behaviour.md §5.23).
 */
export function PaymentPage() {
  usePageTitle('Payment');
  const { id = '' } = useParams();
  const order = useOrder(id);

  return (
    <section aria-labelledby="payment-heading" className="max-w-xl">
      <h2 id="payment-heading" className="mb-4 text-xl font-semibold">
        Payment Method
      </h2>
      {order.isPending ? (
        <Spinner label="Loading the order" />
      ) : order.isError ? (
        <OrderLoadError error={order.error} onRetry={() => void order.refetch()} />
      ) : (
        <>
          <OrderSummary order={order.data} />
          <div className="mt-6 empty:hidden">
            <OrderInvoice orderId={order.data.id} enabled={mayHaveInvoice(order.data)} />
          </div>
          <section id="payment-form-slot" aria-label="Card payment" className="card bg-base-200 mt-6">
            <div className="card-body">
              <PaymentPanel order={order.data} />
            </div>
          </section>
          <InvoicePayment order={order.data} />
        </>
      )}
    </section>
  );
}

/**
 * The spec's summary (customer, tool, quantity, price, total) with what makes up the total
 * (docs/behaviour.md §5.4): items, shipping and, for an order placed since tax, the tax and why
 * (§5.22). An order of several lines names them instead of one unit price.
 */
function OrderSummary({ order }: { order: OrderDetail }) {
  const rows: [string, string][] = [
    ['Customer', order.customerName],
    ['Tool', order.toolName],
    ['Quantity', formatCount(order.quantity)],
  ];
  if (order.unitPrice !== null) rows.push(['Price', formatDollars(order.unitPrice)]);
  const totals: [string, ReactNode][] = [
    ['Items', formatDollars(order.itemsTotal)],
    ['Shipping', formatDollars(order.shipping)],
  ];
  if (order.taxLines.length > 0) {
    totals.push(['Tax', <TaxSummary key="tax" amount={order.tax} lines={order.taxLines} />]);
  }
  totals.push(['Total', formatDollars(order.totalPrice)]);
  return (
    <div className="card bg-base-100 border-base-300 flex flex-col gap-4 border p-6">
      <SummaryRows rows={rows} />
      {order.lines.length > 1 && <OrderLinesTable lines={order.lines} caption="Tools in this order" />}
      <SummaryRows rows={totals} />
    </div>
  );
}

function SummaryRows({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold">{term}</dt>
          <dd className="wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A 404 will not change on retry: say what happened and offer the way back. Another account's
 * order answers 404 too, so no one learns which orders exist (docs/behaviour.md §12.4).
 */
function OrderLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 404) {
    return (
      <div className="flex flex-col items-start gap-3">
        <ErrorState message="We could not find this order. It may have been cancelled." />
        <Link to={paths.myOrders} className="btn">
          Back to My Orders
        </Link>
      </div>
    );
  }
  return <ErrorState message={errorMessage(error)} onRetry={onRetry} />;
}
