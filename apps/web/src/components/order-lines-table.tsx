import { Link } from 'react-router';
import { formatCount } from '@shop/shared/format';
import { dollarsToCents, formatDollars, formatUnitPrice } from '@shop/shared/money';
import { paths } from '@/config/paths';
import type { OrderLine } from '@/lib/domain/order';

/**
 * An order's lines: each tool (a link to its page while it is in the catalogue's records) with
 * its SKU when ordered (none on lines from before SKUs, docs/behaviour.md §3.14), the quantity, the unit price of the rung it reached when ordered, and the line's total. The order
 * page and the payment page show them; narrow enough for a phone, the tool's name wrapping.
 */
export function OrderLinesTable({ lines, caption }: { lines: readonly OrderLine[]; caption: string }) {
  return (
    <table className="table-sm table w-full">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className="pl-0">
            Tool
          </th>
          <th scope="col" className="text-right">
            Quantity
          </th>
          <th scope="col" className="text-right">
            Unit price
          </th>
          <th scope="col" className="pr-0 text-right">
            Total
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          <tr key={`${line.toolId ?? line.toolName}-${index}`}>
            <th scope="row" className="pl-0 font-normal wrap-anywhere">
              {line.toolId ? (
                <Link to={paths.product(line.toolId)} className="link">
                  {line.toolName}
                </Link>
              ) : (
                line.toolName
              )}
              {/* The space keeps the name and the SKU two words when read together. */}
              {line.sku && (
                <>
                  {' '}
                  <span className="block font-mono text-xs">SKU {line.sku}</span>
                </>
              )}
            </th>
            <td className="text-right">{formatCount(line.quantity)}</td>
            <td className="text-right">{formatUnitPrice(dollarsToCents(line.unitPrice))}</td>
            <td className="pr-0 text-right">{formatDollars(line.lineTotal)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
