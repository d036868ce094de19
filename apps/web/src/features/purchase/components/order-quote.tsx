import { formatCount } from '@shop/shared/format';
import { centsToDollars, formatDollars } from '@shop/shared/money';
import { formatUnitPrice } from '@shop/shared/money';
import { nextRung, type OrderPrice } from '@shop/shared/pricing';
import type { Tool } from '@/lib/domain/tool';
import { pricingRulesOf } from '@/lib/domain/tool-pricing';

/**
 * While the buyer types: the unit price that applies, what the next price break saves, and the
 * order's breakdown (items, shipping once, total), priced by the same module as the server
 * (docs/behaviour.md §3.7, §5.4). Announced politely, so a screen reader hears the new price.
 */
export function OrderQuote({ tool, quote }: { tool: Tool; quote: OrderPrice | null }) {
  if (quote === null) return <div id="order-quote" aria-live="polite" className="min-h-6" />;
  const next = nextRung(pricingRulesOf(tool).priceBreaks, quote.quantity);
  return (
    <div id="order-quote" aria-live="polite" className="flex flex-col gap-1">
      <p>
        Your price: <span className="font-semibold">{formatUnitPrice(quote.unitPriceCents)} each</span>
      </p>
      {next && (
        <p className="border-success border-l-4 pl-2 text-sm font-medium">
          Add {formatCount(next.addQuantity)} more to pay {formatUnitPrice(next.rung.unitPriceCents)} each
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4">
        <dt>Items ({formatCount(quote.quantity)}):</dt>
        <dd>{formatDollars(centsToDollars(quote.itemsTotalCents))}</dd>
        <dt>Shipping:</dt>
        <dd>{formatDollars(centsToDollars(quote.shippingCents))}</dd>
        <dt className="font-semibold">Order total:</dt>
        <dd className="font-semibold">{formatDollars(centsToDollars(quote.totalCents))}</dd>
      </dl>
    </div>
  );
}
