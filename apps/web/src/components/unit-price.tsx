import { formatDollars } from '@shop/shared/money';

/**
 * A tool's unit price as the caller pays it; for a company member with a contract price, the list
 * price beside it, struck through (docs/behaviour.md §3.15). Lean: home's cards draw it.
 */
export const UnitPrice = ({ unitPrice, listPrice }: { unitPrice: number; listPrice: number | null }) =>
  listPrice === null ? (
    formatDollars(unitPrice)
  ) : (
    <>
      {formatDollars(unitPrice)}{' '}
      <s>
        <span className="sr-only">list price </span>
        {formatDollars(listPrice)}
      </s>{' '}
      <span className="badge badge-success badge-sm">Your contract price</span>
    </>
  );
