import { conflict } from '../../../lib/errors';
import type { OrderRow } from './find-order';

/**
 * Why an order can no longer be paid, or null when it is unpaid and open: payments refuse a
 * paid, cancelled, expired or refunded order with the message the payment page shows.
 */
function notPayableReason(order: OrderRow): string | null {
  switch (order.state) {
    // A company buyer's order above their limit is paid once approved (docs/behaviour.md §5.21).
    case 'unpaid':
      return order.approvalState === 'awaiting' ? "This order is waiting for your company's approval" : null;
    case 'cancelled':
      return 'This order was cancelled';
    case 'expired':
      return 'This order expired unpaid; place it again';
    default:
      return 'This order has already been paid';
  }
}

/** Throws the 409 for an order that cannot be paid. */
export function assertPayable(order: OrderRow): void {
  const reason = notPayableReason(order);
  if (reason) throw conflict(reason);
}
