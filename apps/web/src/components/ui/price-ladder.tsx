import { formatCount } from '@shop/shared/format';
import { dollarsToCents, formatUnitPrice } from '@shop/shared/money';

interface PriceLadderProps {
  /** The base unit price in dollars, the first row. */
  unitPrice: number;
  minOrderQuantity: number;
  /** Rungs by increasing quantity, in dollars. */
  priceBreaks: readonly { fromQuantity: number; unitPrice: number }[];
  /** The row that applies now (its fromQuantity; the base row is the minimum), highlighted. */
  appliedFrom?: number;
  /** Names the table for screen readers ('Volume prices for Flat Wall Brush'). */
  caption: string;
}

/**
 * The price breaks as a small table: '24+ $14.00 each, 120+ $12.60, 480+ $11.90'
 * (docs/behaviour.md §3.7). Nothing when the tool has no ladder.
 */
export function PriceLadder({
  unitPrice,
  minOrderQuantity,
  priceBreaks,
  appliedFrom,
  caption,
}: PriceLadderProps) {
  if (priceBreaks.length === 0) return null;
  const rows = [{ fromQuantity: minOrderQuantity, unitPrice }, ...priceBreaks];
  return (
    <table className="table-xs table w-auto">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Quantity</th>
          <th scope="col">Price each</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const isApplied = row.fromQuantity === appliedFrom;
          return (
            <tr key={row.fromQuantity} className={isApplied ? 'bg-primary/15 font-semibold' : undefined}>
              <td>{formatCount(row.fromQuantity)}+</td>
              <td>
                {formatUnitPrice(dollarsToCents(row.unitPrice))}
                {isApplied && <span className="sr-only"> (your price)</span>}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
