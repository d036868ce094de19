import toast from 'react-hot-toast';
import { copy } from '@shop/shared/copy';
import { QueryList } from '@/components/ui/query-list';
import { ScrollableTable } from '@/components/ui/scrollable-table';
import { usePageTitle } from '@/components/ui/use-page-title';
import { errorMessage } from '@/lib/api-client';
import type { Order } from '@/lib/domain/order';
import { useAllOrders } from '../api/get-all-orders';
import { useShipOrder } from '../api/ship-order';

/** /dashboard/all-orders (admin): every order, with shipping for paid ones. */
export function TotalOrdersPage() {
  usePageTitle('Total Orders');
  const orders = useAllOrders();
  const ship = useShipOrder();

  // mutateAsync, not mutate: each click gets its own answer even when another is still running.
  const onShip = async (orderId: string) => {
    try {
      await ship.mutateAsync(orderId);
      toast.success(copy.shipped);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const shippingCell = (order: Order) => {
    if (!order.isPaid) return null;
    if (order.isShipped) return <span className="badge badge-success">Shipped</span>;
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

  return (
    <section aria-labelledby="total-orders-heading">
      <h2 id="total-orders-heading" className="mb-4 text-xl font-semibold">
        Total Orders
      </h2>
      <QueryList query={orders} loadingLabel="Loading orders" empty={<p>No orders yet.</p>}>
        {(items) => (
          <ScrollableTable label="All orders">
            <thead>
              <tr>
                <th scope="col">
                  <span className="sr-only">Number</span>
                </th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Tools Name</th>
                <th scope="col">Payment</th>
                <th scope="col">Shipping</th>
              </tr>
            </thead>
            <tbody>
              {items.map((order, index) => (
                <tr key={order.id}>
                  <th scope="row">{index + 1}</th>
                  <td>{order.customerName}</td>
                  <td className="break-all">{order.customerEmail}</td>
                  <td>{order.toolName}</td>
                  <td>
                    {order.isPaid ? (
                      <span className="text-success font-semibold">Paid</span>
                    ) : (
                      <span className="text-error font-semibold">Not Paid</span>
                    )}
                  </td>
                  <td>{shippingCell(order)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollableTable>
        )}
      </QueryList>
    </section>
  );
}
