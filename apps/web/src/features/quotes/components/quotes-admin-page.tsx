import { Link, useSearchParams } from 'react-router';
import { QUOTE_STATES, type Quote, type QuoteState } from '@shop/shared/contracts/quotes';
import { formatCount } from '@shop/shared/format';
import { BreakableEmail } from '@/components/ui/breakable-email';
import { DataTable, type Column } from '@/components/ui/data-table';
import { QueryList } from '@/components/ui/query-list';
import { ToggleGroup } from '@/components/ui/toggle-group';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { useQuotes } from '@/lib/queries/quotes';
import { formatCalendarDay, formatMoment, formatMoney } from './quote-format';
import { QuoteStateBadge } from './quote-state-badge';

type StateFilter = QuoteState | '';

/** The back office names the states as the API does: asked, priced and sent, accepted. */
const stateFilterLabels: Record<QuoteState, string> = {
  requested: 'Requested',
  sent: 'Sent',
  accepted: 'Accepted',
};

const stateFilters: { value: StateFilter; label: string }[] = [
  { value: '', label: 'All' },
  ...QUOTE_STATES.map((state) => ({ value: state, label: stateFilterLabels[state] })),
];

const isState = (value: string | null): value is QuoteState => QUOTE_STATES.includes(value as QuoteState);

/** The state filter, kept in the URL's `state` (a link or Back reproduces it). */
function useStateFilter(): [StateFilter, (state: StateFilter) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = searchParams.get('state');
  const setState = (next: StateFilter) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next) params.set('state', next);
      else params.delete('state');
      return params;
    });
  return [isState(state) ? state : '', setState];
}

const columns: Column<Quote>[] = [
  {
    header: 'Quote',
    card: 'title',
    cell: (quote) => (
      <Link to={paths.quote(quote.id)} className="link whitespace-nowrap">
        {quote.number}
      </Link>
    ),
  },
  {
    header: 'Customer',
    cell: (quote) => (
      <span className="flex min-w-0 flex-col">
        <span className="wrap-anywhere">{quote.customer.name}</span>
        <BreakableEmail email={quote.customer.email} />
        {quote.companyName && <span className="wrap-anywhere">{quote.companyName}</span>}
      </span>
    ),
  },
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

/**
 * /dashboard/quotes for the shop's admins: every quote, newest first, filtered by state
 * (docs/behaviour.md §5.24). Each opens its page, where it is priced and sent.
 */
export function QuotesAdminPage() {
  usePageTitle('Quotes');
  const [state, setState] = useStateFilter();
  const quotes = useQuotes(state || undefined);
  return (
    <section aria-labelledby="quotes-heading">
      <h2 id="quotes-heading" className="mb-4 text-xl font-semibold">
        Quotes
      </h2>
      <div className="mb-4">
        <ToggleGroup label="Show quotes" options={stateFilters} value={state} onChange={setState} />
      </div>
      <QueryList
        query={quotes}
        loadingLabel="Loading quotes"
        empty={<p>{state ? 'No quotes in this state.' : 'No one has asked for a quote yet.'}</p>}
      >
        {(items) => (
          <DataTable label="Every quote" columns={columns} rows={items} rowKey={(quote) => quote.id} />
        )}
      </QueryList>
    </section>
  );
}
