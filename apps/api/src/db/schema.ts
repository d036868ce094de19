/** The whole schema, gathered from the modules that own each table (drizzle-kit reads this). */
export * from '../modules/accounts/users.table';
export * from '../modules/catalogue/tools/tools.table';
export * from '../modules/ordering/orders/orders.table';
export * from '../modules/ordering/orders/order-events.table';
export * from '../modules/reviews/reviews.table';
export * from '../modules/payments/payments.table';
export * from '../modules/catalogue/uploads/uploads.table';
export * from '../modules/catalogue/stock/stock-movements.table';
export * from '../modules/backoffice/contact/contact-messages.table';
export * from '../modules/audit/audit-events.table';
export * from '../modules/ordering/order-mail/order-mail-outbox.table';
export * from '../modules/reviews/review-holds.table';
export * from './sql-sources.table';
export * from '../modules/ordering/orders/order-lines.table';
export * from '../modules/accounts/addresses.table';
export * from '../modules/cart/cart-lines.table';
