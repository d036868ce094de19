/**
 * The cart and checkout (docs/behaviour.md §5.18, §5.19): a cart per account kept on the server,
 * each line held to its tool's rules on the quantity it ends up with, priced from the tools
 * whenever it is read; the fast paths into it (quick order by SKU, order again), each row
 * checked and answered; checkout turns it into one order through ordering's `placeOrder`.
 */
export { cartRoutes } from './cart.routes';
export { addToCart, type WantedRow } from './cart-additions';
export { linesOfCart, readCart } from './cart.service';
export { afterPlaced, placeAndPay, placeDepsOf, type PlaceDeps } from './place-and-pay';
