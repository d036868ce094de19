import { Link } from 'react-router';
import { formatCount } from '@shop/shared/format';
import { formatDollars } from '@shop/shared/money';
import { QueryList } from '@/components/ui/query-list';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import type { Order } from '@/lib/domain/order';
import { useOpenOrders } from '../api/get-open-orders';

/** /dashboard for a customer: their open orders, each linking to its page (docs/behaviour.md §5.8). */
export function CustomerDashboard() {
  usePageTitle('Dashboard');
  const { user } = useAuth();
  return (
    <section aria-labelledby="open-orders-heading">
      <h2 id="open-orders-heading" className="mb-4 text-xl font-semibold">
        Your open orders
      </h2>
      {user && <OpenOrders email={user.email} />}
      <Link to={paths.myOrders} className="link mt-4 inline-block">
        All my orders
      </Link>
    </section>
  );
}

function OpenOrders({ email }: { email: string }) {
  const orders = useOpenOrders(email);
  return (
    <QueryList
      query={orders}
      loadingLabel="Loading your open orders"
      empty={
        <div className="flex flex-col items-start gap-3">
          <p>You have no open orders.</p>
          <Link to={paths.products} className="btn btn-primary">
            Browse the products
          </Link>
        </div>
      }
    >
      {(open) => (
        <ul aria-label="Open orders" className="flex flex-col gap-3">
          {open.map((order) => (
            <li key={order.id}>
              <OpenOrder order={order} />
            </li>
          ))}
        </ul>
      )}
    </QueryList>
  );
}

function OpenOrder({ order }: { order: Order }) {
  return (
    <Link
      to={paths.order(order.id)}
      className="card card-border bg-base-100 hover:bg-base-200 flex flex-row flex-wrap items-center justify-between gap-2 p-4"
    >
      <span className="flex flex-col">
        <span className="font-semibold">{order.toolName}</span>
        <span className="text-sm">
          {formatCount(order.quantity)} units, {formatDollars(order.totalPrice)}
        </span>
      </span>
      {order.isPaid ? (
        <span className="badge badge-info">Paid, to be shipped</span>
      ) : (
        <span className="badge badge-warning">Unpaid</span>
      )}
    </Link>
  );
}
