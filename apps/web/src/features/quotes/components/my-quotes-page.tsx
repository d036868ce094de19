import { Link } from 'react-router';
import { DataTable } from '@/components/ui/data-table';
import { QueryList } from '@/components/ui/query-list';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { useMyQuotes } from '@/lib/queries/quotes';
import { myQuoteColumns } from './quote-columns';

const noQuotes = (
  <div className="flex flex-col items-start gap-3">
    <p>
      You have not asked for a quote yet. For a big job, fill your cart with its tools, then press Request a
      quote: we price it and e-mail you.
    </p>
    <Link to={paths.cart} className="btn btn-primary">
      Go to your cart
    </Link>
  </div>
);

/**
 * /dashboard/quotes: the quotes the signed-in buyer asked for, newest first (docs/behaviour.md
 * §5.24), each opening its page: its number, when it was asked, its state ('Expired' once past
 * its last day), how many tools, the quoted total and the last day it may be accepted.
 */
export function MyQuotesPage() {
  usePageTitle('My quotes');
  const quotes = useMyQuotes();
  return (
    <section aria-labelledby="my-quotes-heading">
      <h2 id="my-quotes-heading" className="mb-4 text-xl font-semibold">
        My quotes
      </h2>
      <QueryList query={quotes} loadingLabel="Loading your quotes" empty={noQuotes}>
        {(items) => (
          <DataTable label="Your quotes" columns={myQuoteColumns} rows={items} rowKey={(quote) => quote.id} />
        )}
      </QueryList>
    </section>
  );
}
