/**
 * The web pages the links in order and company mail open (docs/behaviour.md §5.12, §4.18). The API writes the links
 * (PUBLIC_URL + path), the web app serves the pages (apps/web/src/config/paths.ts).
 */
export const MY_ORDERS_PATH = '/dashboard/my-orders';
export const orderPaymentPath = (orderId: string) => `/dashboard/payments/${orderId}`;
export const orderPagePath = (orderId: string) => `/dashboard/orders/${orderId}`;
/** The company's page, and the page an invitation link opens (docs/behaviour.md §4.18). */
export const COMPANY_PATH = '/dashboard/company';
/** The company's statement: invoices, payments, balance (docs/behaviour.md §5.23). */
export const COMPANY_STATEMENT_PATH = '/dashboard/company/statement';
export const invitationPath = (token: string) => `/invitation/${token}`;

/** The buyer's quotes, and one quote's page (docs/behaviour.md §5.24). */
export const MY_QUOTES_PATH = '/dashboard/quotes';
export const quotePath = (id: string) => `${MY_QUOTES_PATH}/${id}`;
