/**
 * The web pages the links in order mail open (docs/behaviour.md §5.12). The API writes the links
 * (PUBLIC_URL + path), the web app serves the pages (apps/web/src/config/paths.ts).
 */
export const MY_ORDERS_PATH = '/dashboard/my-orders';
export const orderPaymentPath = (orderId: string) => `/dashboard/payments/${orderId}`;
