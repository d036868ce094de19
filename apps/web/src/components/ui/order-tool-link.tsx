import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { Order } from '@/lib/domain/order';

/**
 * The 'Tools Name' cell of My Orders and Total Orders: the tool's name, opening the order's page
 * with its timeline (docs/behaviour.md §5.9).
 */
export function OrderToolLink({ order }: { order: Order }) {
  return (
    <Link className="link" to={paths.order(order.id)}>
      {order.toolName}
    </Link>
  );
}
