import { ORDER_STATE_LABELS, type OrderState } from '@shop/shared/order-states';

const badgeClass: Record<OrderState, string> = {
  unpaid: 'badge-warning',
  paid: 'badge-success',
  shipped: 'badge-success',
  cancelled: 'badge-neutral',
  expired: 'badge-neutral',
  refunding: 'badge-info',
  refunded: 'badge-info',
};

/** An order's state as a badge: 'Cancelled', 'Refunded'… (docs/behaviour.md §5.5). */
export function OrderStateBadge({ state }: { state: OrderState }) {
  return <span className={`badge ${badgeClass[state]}`}>{ORDER_STATE_LABELS[state]}</span>;
}
