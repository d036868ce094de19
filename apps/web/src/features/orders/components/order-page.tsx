import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatCount } from '@shop/shared/format';
import { QueryErrorState } from '@/components/ui/error-state';
import { AddressLines } from '@/components/address-lines';
import { OrderInvoice } from '@/components/order-invoice';
import { OrderLinesTable } from '@/components/order-lines-table';
import { OrderAmount } from '@/components/ui/order-amount';
import { Spinner } from '@/components/ui/spinner';
import { TaxSummary } from '@/components/tax-summary';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { useIsAdmin } from '@/lib/auth/use-is-admin';
import { isPayable, mayHaveInvoice, type OrderDetail } from '@/lib/domain/order';
import { useAuth } from '@/lib/auth/auth-context';
import { ApprovalPanel } from './approval-panel';
import { useOrderTimeline } from '../api/get-order-timeline';
import { OrderStateBadge } from '@/components/ui/order-state-badge';
import { OrderTimeline } from './order-timeline';
import { OrderAgainOutcome, useOrderAgain } from './order-again';
import { SaveAsList } from '@/components/save-as-list';
import { BusyButton } from '@/components/ui/busy-button';

// Only admins load the ship and cancel forms.
const AdminOrderActions = lazy(async () => ({
  default: (await import('./admin-order-actions')).AdminOrderActions,
}));

const dayOf = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/**
 * /dashboard/orders/:id: one order, its lines and its timeline, for its customer (from My Orders)
 * and for admins (from Total Orders), who also see the customer and may ship or cancel it (§5.9).
 * An order placed through checkout also shows its PO number, its note and the address it ships to;
 * one paid by invoice, its invoice (§5.23).
 */
export function OrderPage() {
  const { id = '' } = useParams();
  const timeline = useOrderTimeline(id);
  const { isAdmin } = useIsAdmin();
  const { user } = useAuth();
  const { orderAgain, reordering, isBusyWith, dismiss } = useOrderAgain();
  usePageTitle(timeline.data ? `Order: ${timeline.data.order.toolName}` : 'Order');
  if (timeline.isPending) return <Spinner label="Loading the order" />;
  if (timeline.isError) return <QueryErrorState query={timeline} />;
  const { order, events } = timeline.data;
  return (
    <section aria-labelledby="order-heading" className="flex flex-col gap-6">
      <div>
        <h2 id="order-heading" className="text-xl font-semibold">
          Order: {order.toolName}
        </h2>
        <Link className="link" to={isAdmin ? paths.allOrders : paths.myOrders}>
          {isAdmin ? 'Back to Total Orders' : 'Back to My Orders'}
        </Link>
      </div>
      <OrderSummary order={order} showCustomer={isAdmin} />
      <OrderInvoice orderId={order.id} enabled={mayHaveInvoice(order)} />
      <ApprovalPanel order={order} />
      <section aria-labelledby="order-lines-heading">
        <h3 id="order-lines-heading" className="mb-2 text-lg font-semibold">
          {order.lines.length === 1 ? 'Tool' : `Tools (${formatCount(order.lines.length)})`}
        </h3>
        <OrderLinesTable lines={order.lines} caption="Tools in this order" />
      </section>
      {/* The buyer's own actions: an admin's Order again would fill the admin's cart, not the
          buyer's, and a colleague in the buyer's company reads the order without acting on it. */}
      {!isAdmin && order.placedBy.id === user?.id && (
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center gap-2">
            {isPayable(order) && (
              <Link to={paths.payment(order.id)} className="btn btn-success">
                Pay
              </Link>
            )}
            <BusyButton
              type="button"
              className="btn btn-primary"
              isBusy={isBusyWith(order.id)}
              onClick={() => orderAgain(order)}
            >
              Order again
            </BusyButton>
            <SaveAsList
              source={{ fromOrderId: order.id }}
              suggestedName={`Order of ${dayOf(order.createdAt)}`}
              what="this order’s tools"
            />
          </div>
          <OrderAgainOutcome reordering={reordering} headingLevel={3} onDismiss={dismiss} />
        </div>
      )}
      <section aria-labelledby="timeline-heading">
        <h3 id="timeline-heading" className="mb-3 text-lg font-semibold">
          Timeline
        </h3>
        <OrderTimeline events={events} />
      </section>
      {isAdmin && (
        <Suspense fallback={<Spinner label="Loading the admin's actions" />}>
          <AdminOrderActions order={order} />
        </Suspense>
      )}
    </section>
  );
}

function OrderSummary({ order, showCustomer }: { order: OrderDetail; showCustomer: boolean }) {
  const rows: [string, ReactNode][] = [
    ['Status', <OrderStateBadge key="state" state={order.state} />],
    ['Placed', dayOf(order.createdAt)],
    ['Quantity', formatCount(order.quantity)],
  ];
  // Where and why it pays the tax it pays; none for an order placed before tax (§5.22).
  if (order.taxLines.length > 0) {
    rows.push(['Tax', <TaxSummary key="tax" amount={order.tax} lines={order.taxLines} />]);
  }
  rows.push([
    'Total',
    <OrderAmount
      key="total"
      total={order.totalPrice}
      itemsTotal={order.itemsTotal}
      shipping={order.shipping}
      tax={order.tax}
    />,
  ]);
  if (order.transactionId) rows.push(['Transaction Id', order.transactionId]);
  if (order.carrier) rows.push(['Carrier', order.carrier]);
  if (order.trackingNumber) rows.push(['Tracking number', order.trackingNumber]);
  // A company's order: its members see which of them placed it (docs/behaviour.md §5.21).
  if (order.companyId && !showCustomer) rows.push(['Placed by', order.placedBy.name]);
  if (showCustomer) {
    rows.push(['Customer', `${order.customerName} (${order.customerEmail})`], ['Phone', order.phoneNumber]);
  }
  if (order.poNumber) rows.push(['PO number', order.poNumber]);
  if (order.note) rows.push(['Note', order.note]);
  // The address book's entry as it was when ordered; an order placed on the purchase page has the typed text.
  rows.push([
    'Ship to',
    order.shippingAddress ? <AddressLines key="address" address={order.shippingAddress} /> : order.address,
  ]);
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium">{term}</dt>
          <dd className="min-w-0 whitespace-pre-line wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
