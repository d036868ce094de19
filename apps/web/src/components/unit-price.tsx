import { formatDollars } from '@shop/shared/money';

/**
 * A tool's unit price as the caller pays it; for a company member with a contract price, the list
 * price beside it, struck through (docs/behaviour.md §3.15).
 */
export function UnitPrice({ unitPrice, listPrice }: { unitPrice: number; listPrice: number | null }) {
  if (listPrice === null) return <>{formatDollars(unitPrice)}</>;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <span className="font-semibold">{formatDollars(unitPrice)}</span>
      <s className="text-base-content/70">
        <span className="sr-only">list price </span>
        {formatDollars(listPrice)}
      </s>
      <span className="badge badge-success badge-sm">Your contract price</span>
    </span>
  );
}
