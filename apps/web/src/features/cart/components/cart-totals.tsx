import type { ReactNode } from 'react';
import type { Cart } from '@shop/shared/contracts/cart';
import { formatDollars } from '@shop/shared/money';

/** Checkout's Tax row (docs/behaviour.md §5.22): what it says, and the total it makes. */
interface TaxFigures {
  /** The amount and why, or that it is being worked out, or that it cannot be. */
  row: ReactNode;
  /** Items, shipping and tax; null until the tax is known. */
  total: number | null;
}

/**
 * The cart's figures as the server priced them (prices are computed, never sent): items, shipping
 * once per order ('Free' once the items reach the free-shipping value, which is named when the
 * shop has one) and the total. The cart page and checkout show the same; checkout adds the tax
 * its address pays, and the total with it (until then the total before tax).
 */
export function CartTotals({ cart, tax }: { cart: Cart; tax?: TaxFigures }) {
  const isShippingFree = cart.shipping === 0 && cart.itemsTotal > 0;
  const total = tax ? tax.total : cart.total;
  return (
    <div className="flex flex-col gap-2">
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt>Items</dt>
        <dd className="text-right">{formatDollars(cart.itemsTotal)}</dd>
        <dt>Shipping</dt>
        <dd className="text-right">{isShippingFree ? 'Free' : formatDollars(cart.shipping)}</dd>
        {tax && (
          <>
            <dt>Tax</dt>
            <dd className="text-right">{tax.row}</dd>
          </>
        )}
        <dt className="text-lg font-bold">{total === null ? 'Total before tax' : 'Total'}</dt>
        <dd className="text-right text-lg font-bold">{formatDollars(total ?? cart.total)}</dd>
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
