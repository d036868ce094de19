/**
 * Quotes (docs/behaviour.md §5.24): a buyer asks for a price on their cart's lines, the shop
 * prices each line with an expiry date, and the buyer's acceptance places the order at those
 * prices, once. Builds on the cart (its lines, and placing an order as checkout does).
 */
export { quoteRoutes } from './quotes.routes';
