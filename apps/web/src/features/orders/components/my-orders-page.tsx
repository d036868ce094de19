import { useState } from 'react';
import { toast } from '@/lib/toast';
import { OrderAmount } from '@/components/ui/order-amount';
import { Link } from 'react-router';
import { copy } from '@shop/shared/copy';
import { formatCount } from '@shop/shared/format';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryList } from '@/components/ui/query-list';
import { DataTable, type Column } from '@/components/ui/data-table';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { isPaidAndKept, type Order } from '@/lib/domain/order';
import { OrderToolLink } from '@/components/ui/order-tool-link';
import { toastFailure } from '@/lib/failure-toast';
import { useCancelOrder } from '../api/cancel-order';
import { useMyOrders } from '@/lib/queries/get-my-orders';
import { OrderStateBadge } from '@/components/ui/order-state-badge';
import { BusyButton } from '@/components/ui/busy-button';
import { OrderAgainOutcome, useOrderAgain } from './order-again';

/** /dashboard/my-orders: the signed-in customer's orders, with cancel and pay for unpaid ones. */
export function MyOrdersPage() {
  usePageTitle('My Orders');
  const { user } = useAuth();
  return (
    <section aria-labelledby="my-orders-heading">
      <h2 id="my-orders-heading" className="mb-4 text-xl font-semibold">
        My Orders
      </h2>
      {user && <MyOrdersTable email={user.email} />}
    </section>
  );
}

const noOrders = (
  <div className="flex flex-col items-start gap-3">
    <p>You have not ordered anything yet.</p>
    <Link to={paths.products} className="btn btn-primary">
      Browse the products
    </Link>
  </div>
);

function MyOrdersTable({ email }: { email: string }) {
  const orders = useMyOrders(email);
  const cancel = useCancelOrder();
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const { orderAgain, reordering, isBusyWith, dismiss } = useOrderAgain();

  const confirmCancel = () => {
    if (!toCancel) return;
    const { id: orderId, toolName } = toCancel;
    cancel.mutate(orderId, {
      onSuccess: ({ deletedCount }) => {
        if (deletedCount) toast.success(copy.deletedSuccessfully(toolName));
        setToCancel(null);
      },
      onError: (error) => toastFailure(error),
    });
  };

  const columns: Column<Order>[] = [
    { header: 'Name', cell: (order) => order.customerName },
    { header: 'Tools Name', cell: (order) => <OrderToolLink order={order} />, card: 'title' },
    { header: 'Quantity', cell: (order) => formatCount(order.quantity) },
    {
      header: 'Total Price',
      cell: (order) => (
        <OrderAmount total={order.totalPrice} itemsTotal={order.itemsTotal} shipping={order.shipping} />
      ),
    },
    {
      header: 'Order',
      card: 'actions',
      // Open orders as the spec shows them; a closed one says what became of it (decision 0033).
      cell: (order) => (
        <>
          <OrderActions order={order} onCancel={() => setToCancel(order)} />
          {/* Any order, whatever became of it, fills the cart again (docs/behaviour.md §5.19). */}
          <BusyButton
            type="button"
            className="btn btn-outline btn-sm"
            spinnerSize="xs"
            isBusy={isBusyWith(order.id)}
            aria-label={`Order again: ${order.toolName}`}
            onClick={() => orderAgain(order)}
          >
            Order again
          </BusyButton>
        </>
      ),
    },
    {
      header: copy.transactionIdHeader,
      // An opaque id: cutting it anywhere loses nothing, and it is one long word.
      className: 'font-mono text-sm break-all',
      cell: (order) => (isPaidAndKept(order) ? order.transactionId : ''),
    },
  ];

  return (
    <>
      <div className="mb-4 empty:hidden">
        <OrderAgainOutcome reordering={reordering} headingLevel={3} onDismiss={dismiss} />
      </div>
      <QueryList query={orders} loadingLabel="Loading your orders" empty={noOrders}>
        {(items) => (
          <DataTable label="Your orders" columns={columns} rows={items} rowKey={(order) => order.id} />
        )}
      </QueryList>
      <ConfirmDialog
        open={toCancel !== null}
        title={toCancel ? copy.cancelOrderQuestion(toCancel.toolName) : ''}
        cancelLabel="Close Action"
        confirmLabel="Cancel Order"
        isBusy={cancel.isPending}
        onCancel={() => setToCancel(null)}
        onConfirm={confirmCancel}
      />
    </>
  );
}

/** The spec's actions of an order's row: Paid and its receipt, its end state, or Cancel and Pay. */
function OrderActions({ order, onCancel }: { order: Order; onCancel: () => void }) {
  if (isPaidAndKept(order)) {
    return (
      <>
        <span className="badge badge-success">Paid</span>
        {/* Beside the spec's badge: the paid order's receipt (docs/behaviour.md §5.16). */}
        <Link
          to={paths.receipt(order.id)}
          className="btn btn-outline btn-sm"
          aria-label={`Receipt for ${order.toolName}`}
        >
          Receipt
        </Link>
      </>
    );
  }
  if (order.state !== 'unpaid') return <OrderStateBadge state={order.state} />;
  return (
    <>
      <button type="button" className="btn btn-error btn-sm" onClick={onCancel}>
        Cancel
      </button>
      <Link to={paths.payment(order.id)} className="btn btn-success btn-sm">
        Pay
      </Link>
    </>
  );
}
