import { Link, useSearchParams } from 'react-router';
import { copy } from '@shop/shared/copy';
import { ordersViewOf } from '@shop/shared/order-states';
import { OrderAmount } from '@/components/ui/order-amount';
import { BreakableEmail } from '@/components/ui/breakable-email';
import { DataTable, type Column } from '@/components/ui/data-table';
import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { OrderToolLink } from '@/components/ui/order-tool-link';
import { isPaidAndKept, type Order } from '@/lib/domain/order';
import { toastFailure } from '@/lib/failure-toast';
import { toast } from '@/lib/toast';
import { useExportOrders } from '../api/export-orders';
import { useAllOrders } from '../api/get-all-orders';
import { useShipOrder } from '@/lib/queries/ship-order';
import { OrderStateBadge } from '@/components/ui/order-state-badge';
import { BusyButton } from '@/components/ui/busy-button';
import { OrdersFilter } from './orders-filter';
import { OrdersPager } from './orders-pager';

/**
 * /dashboard/all-orders (admin): every order, with shipping for paid ones; filtered by state,
 * searched, paged by cursor (all in the URL) and exported as CSV (§9.4, §5.15, §5.17).
 */
export function TotalOrdersPage() {
  usePageTitle('Total Orders');
  const [searchParams] = useSearchParams();
  const view = ordersViewOf(searchParams);
  const orders = useAllOrders(view);
  const ship = useShipOrder();
  const exportOrders = useExportOrders();

  // mutateAsync, not mutate: each click gets its own answer even when another is still running.
  const onShip = async (orderId: string) => {
    try {
      await ship.mutateAsync({ orderId });
      toast.success(copy.shipped);
    } catch (error) {
      toastFailure(error);
    }
  };

  const shippingCell = (order: Order) => {
    if (order.isShipped) return <span className="badge badge-success">Shipped</span>;
    // Only a paid order still to ship has the button; a refunded one was paid but stays put.
    if (order.state !== 'paid') return null;
    return (
      <button
        type="button"
        className="btn btn-warning btn-sm"
        aria-label={`Pending: mark ${order.toolName} for ${order.customerName} as shipped`}
        disabled={ship.isPending && ship.variables?.orderId === order.id}
        onClick={() => void onShip(order.id)}
      >
        Pending
      </button>
    );
  };

  const columns: Column<Order>[] = [
    { header: 'Name', cell: (order) => order.customerName },
    { header: 'Email', cell: (order) => <BreakableEmail email={order.customerEmail} /> },
    { header: 'Tools Name', cell: (order) => <OrderToolLink order={order} />, card: 'title' },
    // Not in the spec's table: what the order charges, with shipping (docs/behaviour.md §5.4).
    {
      header: 'Total',
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
      header: 'Payment',
      cell: (order) =>
        isPaidAndKept(order) ? (
          <span className="flex flex-col items-start gap-1">
            <span className="text-success font-semibold">Paid</span>
            <Link
              to={paths.receipt(order.id)}
              className="link text-sm"
              aria-label={`Receipt: ${order.toolName} for ${order.customerName}`}
            >
              Receipt
            </Link>
          </span>
        ) : order.state === 'unpaid' ? (
          <span className="text-error font-semibold">Not Paid</span>
        ) : (
          <OrderStateBadge state={order.state} />
        ),
    },
    { header: 'Shipping', cell: shippingCell, card: 'actions' },
  ];

  const onExport = () => exportOrders.mutate(view, { onError: (error) => toastFailure(error) });
  const isFiltered = Boolean(view.q || view.state);

  return (
    <section aria-labelledby="total-orders-heading">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="total-orders-heading" className="text-xl font-semibold">
          Total Orders
        </h2>
        <BusyButton
          type="button"
          className="btn btn-outline btn-sm"
          spinnerSize="xs"
          isBusy={exportOrders.isPending}
          onClick={onExport}
        >
          {isFiltered ? 'Export these orders (CSV)' : 'Export all orders (CSV)'}
        </BusyButton>
      </div>
      <OrdersFilter />
      {orders.isPending ? (
        <Spinner label="Loading orders" />
      ) : orders.isError ? (
        <QueryErrorState query={orders} />
      ) : orders.data.orders.length === 0 ? (
        <p>
          {view.q
            ? 'No orders match this search.'
            : view.state
              ? 'No orders in this state.'
              : 'No orders yet.'}
        </p>
      ) : (
        <>
          <DataTable
            label="All orders"
            columns={columns}
            rows={orders.data.orders}
            rowKey={(order) => order.id}
          />
          <OrdersPager nextCursor={orders.data.nextCursor} />
        </>
      )}
    </section>
  );
}
