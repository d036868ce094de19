import type { Cart } from '@shop/shared/contracts/cart';
import { formatDollars } from '@shop/shared/money';

/**
 * The cart's figures as the server priced them (prices are computed, never sent): items, shipping
 * once per order ('Free' once the items reach the free-shipping value, which is named when the
 * shop has one) and the total. The cart page and checkout show the same.
 */
export function CartTotals({ cart }: { cart: Cart }) {
  const isShippingFree = cart.shipping === 0 && cart.itemsTotal > 0;
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt>Items</dt>
        <dd className="text-right">{formatDollars(cart.itemsTotal)}</dd>
        <dt>Shipping</dt>
        <dd className="text-right">{isShippingFree ? 'Free' : formatDollars(cart.shipping)}</dd>
        <dt className="text-lg font-bold">Total</dt>
        <dd className="text-right text-lg font-bold">{formatDollars(cart.total)}</dd>
      </dl>
      {cart.freeShippingOver !== null && (
        <p className="text-sm">Free shipping from {formatDollars(cart.freeShippingOver)}</p>
      )}
    </div>
  );
}

/** '$180 more to reach the $500 minimum', or null once the items reach it. */
export function shortfallMessage(cart: Cart): string | null {
  const minimum = cart.orderMinimum;
  if (minimum === null || minimum.shortfall <= 0) return null;
  return `${formatDollars(minimum.shortfall)} more to reach the ${formatDollars(minimum.minimum)} minimum`;
}
