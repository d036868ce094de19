/**
 * The cart and checkout (docs/behaviour.md §5.18): a cart per account kept on the server, each
 * line held to its tool's rules on the quantity it ends up with, priced from the tools whenever
 * it is read; checkout turns it into one order through ordering's `placeOrder`.
 */
export { cartRoutes } from './cart.routes';
