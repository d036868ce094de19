import { formatDollars } from '@shop/shared/money';

/**
 * An order's total with its parts under it: '$1,650' then 'items $1,620 + shipping $30'
 * (docs/behaviour.md §5.4), in My Orders and Total Orders. Amounts in dollars.
 */
export function OrderAmount({
  total,
  itemsTotal,
  shipping,
}: {
  total: number;
  itemsTotal: number;
  shipping: number;
}) {
  return (
    <span className="flex flex-col">
      <span className="font-semibold">{formatDollars(total)}</span>{' '}
      <span className="text-base-content/80 text-xs">
        items {formatDollars(itemsTotal)} + shipping {formatDollars(shipping)}
      </span>
    </span>
  );
}
