/** The whole schema, gathered from the modules that own each table (drizzle-kit reads this). */
export * from '../modules/users/users.table';
export * from '../modules/tools/tools.table';
export * from '../modules/orders/orders.table';
export * from '../modules/orders/order-events.table';
export * from '../modules/reviews/reviews.table';
export * from '../modules/payments/payments.table';
export * from '../modules/uploads/uploads.table';
export * from '../modules/stock/stock-movements.table';
export * from '../modules/contact/contact-messages.table';
export * from '../modules/audit/audit-events.table';
export * from '../modules/order-mail/order-mail-outbox.table';
export * from '../modules/reviews/review-holds.table';
