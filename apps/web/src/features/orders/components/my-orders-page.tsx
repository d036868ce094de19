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
import { isPaidAndKept, isPayable, type Order } from '@/lib/domain/order';
import { FormField } from '@/components/ui/form-field';
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
      {user && <MyOrdersTable email={user.email} userId={user.id} />}
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

function MyOrdersTable({ email, userId }: { email: string; userId: string }) {
  const orders = useMyOrders(email);
  // A company member sees the company's orders, and may keep one buyer's (docs/behaviour.md §5.21).
  const [placedBy, setPlacedBy] = useState('');
  const placers = placersOf(orders.data ?? []);
  const isCompanyView = placers.length > 1 || (orders.data ?? []).some((order) => order.companyId !== null);
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
    { header: isCompanyView ? 'Placed by' : 'Name', cell: (order) => order.customerName },
    { header: 'Tools Name', cell: (order) => <OrderToolLink order={order} />, card: 'title' },
    { header: 'Quantity', cell: (order) => formatCount(order.quantity) },
    {
      header: 'Total Price',
      cell: (order) => (
        <OrderAmount
          total={order.totalPrice}
          itemsTotal={order.itemsTotal}
          shipping={order.shipping}
          tax={order.tax}
        />
      ),
    },
    {
      header: 'Order',
      card: 'actions',
      // Open orders as the spec shows them; a closed one says what became of it (decision 0033).
      cell: (order) => (
        <>
          <OrderActions
            order={order}
            isOwn={order.placedBy.id === userId}
            onCancel={() => setToCancel(order)}
          />
          {/* Any of one's own orders, whatever became of it, fills the cart again (§5.19). */}
          {order.placedBy.id === userId && (
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
          )}
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
      {isCompanyView && (
        <div className="mb-4 max-w-xs">
          <FormField id="placed-by" label="Placed by" kind="select">
            {(control) => (
              <select {...control} value={placedBy} onChange={(event) => setPlacedBy(event.target.value)}>
                <option value="">Everyone in the company</option>
                {placers.map((placer) => (
                  <option key={placer.id} value={placer.id}>
                    {placer.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
      )}
      <QueryList query={orders} loadingLabel="Loading your orders" empty={noOrders}>
        {(items) => (
          <DataTable
            label="Your orders"
            columns={columns}
            rows={placedBy ? items.filter((order) => order.placedBy.id === placedBy) : items}
            rowKey={(order) => order.id}
          />
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

/** Who placed the orders listed, each once, by name. */
function placersOf(orders: Order[]): Order['placedBy'][] {
  const byId = new Map(orders.map((order) => [order.placedBy.id, order.placedBy]));
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The spec's actions of an order's row: Paid and its receipt, its end state, or Cancel and Pay;
 * an order awaiting its company's approval says so instead of Pay (docs/behaviour.md §5.21), and
 * a colleague's unpaid order is the colleague's to pay or cancel.
 */
function OrderActions({ order, isOwn, onCancel }: { order: Order; isOwn: boolean; onCancel: () => void }) {
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
  const awaiting = order.approvalState === 'awaiting' && (
    <Link
      to={paths.order(order.id)}
      className="badge badge-warning"
      aria-label={`Awaiting approval: ${order.toolName}`}
    >
      Awaiting approval
    </Link>
  );
  if (!isOwn) return awaiting || <OrderStateBadge state={order.state} />;
  return (
    <>
      <button type="button" className="btn btn-error btn-sm" onClick={onCancel}>
        Cancel
      </button>
      {isPayable(order) ? (
        <Link to={paths.payment(order.id)} className="btn btn-success btn-sm">
          Pay
        </Link>
      ) : (
        awaiting
      )}
    </>
  );
}
