/**
 * Saved lists (docs/behaviour.md §5.20): a buyer's named sets of tools and quantities, made from
 * the cart, an order or by hand, added to the cart through the cart's own per-row checks.
 */
export { savedListRoutes } from './saved-lists.routes';
