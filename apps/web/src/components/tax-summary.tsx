import type { TaxLine } from '@shop/shared/contracts/tax';
import { formatDollars } from '@shop/shared/money';
import { describeTaxLine } from '@shop/shared/tax';

/**
 * The value of a Tax row, between Shipping and Total: the amount, and under it where and why
 * (one line per tax line). Checkout, the order page, the payment page and the receipt show it.
 */
export function TaxSummary({ amount, lines }: { amount: number; lines: readonly TaxLine[] }) {
  return (
    <span className="flex flex-col">
      <span>{formatDollars(amount)}</span>
      {lines.map((line, index) => (
        <span key={index} className="text-sm font-normal">
          {describeTaxLine(line)}
        </span>
      ))}
    </span>
  );
}
