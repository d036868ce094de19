/**
 * Ordering: placing orders (the database function `place_order`), their states, events and
 * timeline, cancelling and expiry, receipts and the export, and the order mail outbox
 * (docs/behaviour.md §5). What it needs of payments it names in `PaymentActions`, which the
 * composition fills: payments builds on ordering, never the reverse.
 */
export { orderingRoutes } from './routes';
export { releaseOrderMailClaims } from './order-mail/drain-order-mail';
export { refreshQueuedOrderMail } from './order-mail/enqueue-order-mail';
export type { InvoiceMailComposer, InvoiceMailKind, OrderMailMessage } from './order-mail/order-mail-message';
export { ORDERING_JOBS, orderingJobs } from './ordering.jobs';
export { askForApproval } from './orders/approvals';
export { findOrderFor, type OrderRow } from './orders/find-order';
export { getReceipt, receiptOf } from './orders/get-receipt';
export { assertPayable } from './orders/open-order-check';
export { recordOrderEvent } from './orders/order-events';
export { isSaleSql } from './orders/order-state-sql';
export { finishRefund, lockOrder, markPaid } from './orders/order-transitions';
export type { PaymentActions } from './orders/payment-actions';
export { orders } from './orders/orders.table';
export { orderLines } from './orders/order-lines.table';
export { linesOf, readOrderDetail } from './orders/order-lines';
export { findOrderRow } from './orders/find-order';
export { orderLimitsOf, placeOrder, type OrderLimitsConfig, type OrderRequest } from './orders/place-order';
