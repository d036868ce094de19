import { formatDollars } from '@shop/shared/money';

/**
 * An order's total with its parts under it: '$1,650' then 'items $1,620 + shipping $30', and
 * '+ tax $120' when it pays tax (docs/behaviour.md §5.4, §5.22), in My Orders and Total Orders.
 * Amounts in dollars.
 */
export function OrderAmount({
  total,
  itemsTotal,
  shipping,
  tax,
}: {
  total: number;
  itemsTotal: number;
  shipping: number;
  tax: number;
}) {
  return (
    <span className="flex flex-col">
      <span className="font-semibold">{formatDollars(total)}</span>{' '}
      <span className="text-base-content/80 text-xs">
        items {formatDollars(itemsTotal)} + shipping {formatDollars(shipping)}
        {tax > 0 && ` + tax ${formatDollars(tax)}`}
      </span>
    </span>
  );
}
