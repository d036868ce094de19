import { OrderAmount } from '@/components/ui/order-amount';
import { toast } from '@/lib/toast';
import { copy } from '@shop/shared/copy';
import { ListSearch, useListSearch } from '@/components/ui/list-search';
import { PagedList } from '@/components/ui/paged-list';
import { BreakableEmail } from '@/components/ui/breakable-email';
import { DataTable, type Column } from '@/components/ui/data-table';
import { usePageTitle } from '@/components/ui/use-page-title';
import { isPaidAndKept, type Order } from '@/lib/domain/order';
import { OrderToolLink } from '@/components/ui/order-tool-link';
import { toastFailure } from '@/lib/failure-toast';
import { useAllOrders } from '../api/get-all-orders';
import { useShipOrder } from '../api/ship-order';
import { OrderStateBadge } from '@/components/ui/order-state-badge';

/** /dashboard/all-orders (admin): every order, with shipping for paid ones; searched and paged (§14.4). */
export function TotalOrdersPage() {
  usePageTitle('Total Orders');
  const q = useListSearch();
  const orders = useAllOrders(q);
  const ship = useShipOrder();

  // mutateAsync, not mutate: each click gets its own answer even when another is still running.
  const onShip = async (orderId: string) => {
    try {
      await ship.mutateAsync(orderId);
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
        disabled={ship.isPending && ship.variables === order.id}
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
    // Not in the spec's table: what the order charges, with shipping (docs/behaviour.md §16.3).
    {
      header: 'Total',
      cell: (order) => (
        <OrderAmount total={order.totalPrice} itemsTotal={order.itemsTotal} shipping={order.shipping} />
      ),
    },
    {
      header: 'Payment',
      cell: (order) =>
        isPaidAndKept(order) ? (
          <span className="text-success font-semibold">Paid</span>
        ) : order.state === 'unpaid' ? (
          <span className="text-error font-semibold">Not Paid</span>
        ) : (
          <OrderStateBadge state={order.state} />
        ),
    },
    { header: 'Shipping', cell: shippingCell, card: 'actions' },
  ];

  return (
    <section aria-labelledby="total-orders-heading">
      <h2 id="total-orders-heading" className="mb-4 text-xl font-semibold">
        Total Orders
      </h2>
      <ListSearch id="orders-search" label="Search by customer name or e-mail" />
      <PagedList
        query={orders}
        loadingLabel="Loading orders"
        empty={<p>{q ? 'No orders match this search.' : 'No orders yet.'}</p>}
      >
        {(items) => (
          <DataTable label="All orders" columns={columns} rows={items} rowKey={(order) => order.id} />
        )}
      </PagedList>
    </section>
  );
}
