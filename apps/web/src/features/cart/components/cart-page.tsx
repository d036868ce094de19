import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link, useLocation } from 'react-router';
import type { Cart } from '@shop/shared/contracts/cart';
import { formatCount } from '@shop/shared/format';
import { QueryErrorState } from '@/components/ui/error-state';
import { SaveAsList } from '@/components/save-as-list';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { cartQueryOptions } from '@/lib/queries/get-cart';
import { refusedLineOf } from '../lib/refused-line';
import { CartLineItem } from './cart-line-item';
import { CartTotals, shortfallMessage } from './cart-totals';
import { RequestQuote } from './request-quote';

/**
 * /cart (signed in): the buyer's cart as the server priced it (docs/behaviour.md §5.4): its lines,
 * the totals, the order minimum's shortfall and 'Check out', which waits until every line can be
 * ordered and the minimum is reached. Checkout sends the buyer back here to fix a line it refused.
 * Its prices exclude tax, which checkout works out from the address (§5.22). A big job's buyer may
 * ask for a quote on the lines instead (§5.24).
 */
export function CartPage() {
  usePageTitle('Your cart');
  const cart = useQuery(cartQueryOptions());
  const heading = useRef<HTMLHeadingElement>(null);
  const refusedLine = refusedLineOf(useLocation().state);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-col gap-3">
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold">
          Your cart
        </h1>
        {/* The trade buyer's fast paths (docs/behaviour.md §5.19, §5.20). */}
        <div className="flex flex-wrap items-center gap-2">
          <Link to={paths.quickOrder} className="btn btn-sm">
            Quick order by SKU
          </Link>
          <Link to={paths.savedLists} className="btn btn-sm">
            Saved lists
          </Link>
          {cart.data && cart.data.lines.length > 0 && (
            <SaveAsList
              source={{ fromCart: true }}
              what={`the ${cart.data.lines.length === 1 ? 'tool' : `${formatCount(cart.data.lines.length)} tools`} in your cart`}
              buttonClassName="btn btn-sm"
            />
          )}
        </div>
      </div>
      {cart.isPending ? (
        <Spinner label="Loading your cart" />
      ) : cart.isError ? (
        <QueryErrorState query={cart} />
      ) : cart.data.lines.length === 0 ? (
        <EmptyCart />
      ) : (
        <>
          {refusedLine && (
            <FormAlert
              message={`We could not place your order: ${refusedLine.message}. Fix that line below, then check out again.`}
            />
          )}
          <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem]">
            <ul aria-label="Tools in your cart" className="flex min-w-0 flex-col gap-4">
              {cart.data.lines.map((line) => (
                <li key={line.toolId}>
                  <CartLineItem
                    line={line}
                    checkoutRefusal={refusedLine?.toolId === line.toolId ? refusedLine.message : undefined}
                    onRemoved={() => heading.current?.focus()}
                  />
                </li>
              ))}
            </ul>
            <CartSummary cart={cart.data} />
          </div>
        </>
      )}
    </div>
  );
}

function EmptyCart() {
  return (
    <div className="flex flex-col items-start gap-3">
      <p>
        Your cart is empty. Add tools from their pages, order by SKU with Quick order, or add a saved list;
        then check out once for all of them.
      </p>
      <Link to={paths.products} className="btn btn-primary">
        Browse the products
      </Link>
    </div>
  );
}

/** Why 'Check out' cannot be pressed yet besides the minimum's shortfall, which the totals say. */
function lineBlocker(cart: Cart): string | null {
  const withProblems = cart.lines.filter((line) => line.problem !== null).length;
  if (withProblems === 0) return null;
  return withProblems === 1
    ? 'One line cannot be ordered as it stands: fix or remove it first.'
    : `${formatCount(withProblems)} lines cannot be ordered as they stand: fix or remove them first.`;
}

function CartSummary({ cart }: { cart: Cart }) {
  const shortfall = shortfallMessage(cart);
  const blocker = lineBlocker(cart);
  // 'Check out' is described by whatever holds it back: the shortfall, a line, or (the server's
  // word, should it know more) a sentence of its own.
  const reasons = [
    shortfall ? 'cart-shortfall' : null,
    blocker ? 'cart-line-blocker' : null,
    !shortfall && !blocker ? 'cart-blocked' : null,
  ].filter(Boolean);
  return (
    <section aria-labelledby="cart-summary-heading" className="card bg-base-200 lg:sticky lg:top-20">
      <div className="card-body gap-4">
        <h2 id="cart-summary-heading" className="card-title">
          Order summary
        </h2>
        {/* Announced politely: a changed quantity changes the figures. */}
        <div aria-live="polite" className="flex flex-col gap-2">
          <CartTotals cart={cart} />
          {blocker && <p className="text-sm">Lines that cannot be ordered are not counted.</p>}
          {shortfall && (
            <p id="cart-shortfall" className="font-medium">
              {shortfall}
            </p>
          )}
        </div>
        <p className="text-sm">
          Prices exclude tax; tax is worked out from the delivery address at checkout.
        </p>
        {cart.canCheckOut ? (
          <Link to={paths.checkout} className="btn btn-primary">
            Check out
          </Link>
        ) : (
          <>
            <button type="button" className="btn btn-primary" disabled aria-describedby={reasons.join(' ')}>
              Check out
            </button>
            {blocker && (
              <p id="cart-line-blocker" className="text-sm">
                {blocker}
              </p>
            )}
            {!shortfall && !blocker && (
              <p id="cart-blocked" className="text-sm">
                Your cart cannot be checked out yet.
              </p>
            )}
          </>
        )}
        {/* Or ask for a price first; the cart is kept (docs/behaviour.md §5.24). */}
        <RequestQuote lineCount={cart.lines.length} />
      </div>
    </section>
  );
}
