import { Link } from 'react-router';
import type { Quote, QuoteLine } from '@shop/shared/contracts/quotes';
import { formatCount } from '@shop/shared/format';
import { formatUnitPrice } from '@shop/shared/money';
import { DataTable, type Column } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { formatMoney, lineTotalCents } from './quote-format';

const NOT_YET = '—';

const columns: Column<QuoteLine>[] = [
  {
    header: 'Tool',
    card: 'title',
    cell: (line) => (
      <Link to={paths.product(line.toolId)} className="link wrap-anywhere">
        {line.toolName}
      </Link>
    ),
  },
  { header: 'SKU', className: 'font-mono text-sm break-all', cell: (line) => line.sku ?? NOT_YET },
  { header: 'Quantity', cell: (line) => formatCount(line.quantity) },
  // What the buyer would have paid when asking: their list or contract price then.
  { header: 'Your price then', cell: (line) => formatMoney(line.listUnitPrice) },
  {
    header: 'Quoted price',
    cell: (line) => (line.quotedUnitPrice === null ? NOT_YET : formatMoney(line.quotedUnitPrice)),
  },
  {
    header: 'Line total',
    cell: (line) =>
      line.quotedUnitPrice === null
        ? NOT_YET
        : formatUnitPrice(lineTotalCents(line.quantity, line.quotedUnitPrice)),
  },
];

/**
 * A quote's lines as the buyer asked for them and the shop priced them (docs/behaviour.md §5.24):
 * each tool, its SKU and quantity, the price the buyer would have paid then, the quoted unit price
 * and the line at it ('—' until priced); then the quoted total, before shipping and tax. A card
 * per line on a phone.
 */
export function QuoteLinesTable({ quote }: { quote: Quote }) {
  return (
    <div className="flex flex-col gap-3">
      <DataTable
        label={`Tools in quote ${quote.number}`}
        columns={columns}
        rows={quote.lines}
        rowKey={(line) => line.toolId}
      />
      <p>
        {quote.quotedTotal === null ? (
          'Not priced yet.'
        ) : (
          <>
            Quoted total: <strong>{formatMoney(quote.quotedTotal)}</strong> before shipping and tax
          </>
        )}
      </p>
    </div>
  );
}
