import type { OrderRow } from './find-order';

/** An order as the audit trail names it (docs/behaviour.md §8.8): what, how many, for whom. */
export const orderAuditTarget = (order: OrderRow) =>
  ({
    type: 'order',
    id: order.id,
    label: `${order.toolName} × ${order.quantity} for ${order.email}`,
  }) as const;
