import { Link } from 'react-router';
import type { Quote } from '@shop/shared/contracts/quotes';
import { formatCount } from '@shop/shared/format';
import { BreakableEmail } from '@/components/ui/breakable-email';
import type { Column } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { formatCalendarDay, formatMoment, formatMoney } from './quote-format';
import { QuoteStateBadge } from './quote-state-badge';

const quoteColumn: Column<Quote> = {
  header: 'Quote',
  card: 'title',
  cell: (quote) => (
    <Link to={paths.quote(quote.id)} className="link whitespace-nowrap">
      {quote.number}
    </Link>
  ),
};

/** Who asked: the back office's list shows it; the buyer's own list needs not. */
const customerColumn: Column<Quote> = {
  header: 'Customer',
  cell: (quote) => (
    <span className="flex min-w-0 flex-col">
      <span className="wrap-anywhere">{quote.customer.name}</span>
      <BreakableEmail email={quote.customer.email} />
      {quote.companyName && <span className="wrap-anywhere">{quote.companyName}</span>}
    </span>
  ),
};

const detailColumns: Column<Quote>[] = [
  {
    header: 'Requested',
    cell: (quote) => (
      <time dateTime={quote.requestedAt} className="whitespace-nowrap">
        {formatMoment(quote.requestedAt)}
      </time>
    ),
  },
  { header: 'State', cell: (quote) => <QuoteStateBadge quote={quote} /> },
  { header: 'Tools', cell: (quote) => formatCount(quote.lines.length) },
  {
    header: 'Quoted total',
    cell: (quote) => (quote.quotedTotal === null ? '—' : formatMoney(quote.quotedTotal)),
  },
  {
    header: 'Valid until',
    cell: (quote) =>
      quote.expiresOn === null ? (
        '—'
      ) : (
        <time dateTime={quote.expiresOn} className="whitespace-nowrap">
          {formatCalendarDay(quote.expiresOn)}
        </time>
      ),
  },
];

/** The buyer's quotes (My quotes): number, when asked, state, tools, quoted total, valid until. */
export const myQuoteColumns: Column<Quote>[] = [quoteColumn, ...detailColumns];

/** Every quote (the back office): the same, with the customer and company who asked. */
export const adminQuoteColumns: Column<Quote>[] = [quoteColumn, customerColumn, ...detailColumns];
