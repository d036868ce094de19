import { QUOTE_STATES } from '@shop/shared/contracts/quotes';
import { DataTable } from '@/components/ui/data-table';
import { QueryList } from '@/components/ui/query-list';
import { ToggleGroup } from '@/components/ui/toggle-group';
import { usePageTitle } from '@/components/ui/use-page-title';
import { stateFilterOptions, useStateFilter } from '@/components/ui/use-state-filter';
import { useQuotes } from '@/lib/queries/quotes';
import { adminQuoteColumns } from './quote-columns';

/** The back office names the states as the API does: asked, priced and sent, accepted. */
const stateFilters = stateFilterOptions(QUOTE_STATES, {
  requested: 'Requested',
  sent: 'Sent',
  accepted: 'Accepted',
});

/**
 * /dashboard/quotes for the shop's admins: every quote, newest first, filtered by state
 * (docs/behaviour.md §5.24). Each opens its page, where it is priced and sent.
 */
export function QuotesAdminPage() {
  usePageTitle('Quotes');
  const [state, setState] = useStateFilter(QUOTE_STATES);
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
          <DataTable
            label="Every quote"
            columns={adminQuoteColumns}
            rows={items}
            rowKey={(quote) => quote.id}
          />
        )}
      </QueryList>
    </section>
  );
}
