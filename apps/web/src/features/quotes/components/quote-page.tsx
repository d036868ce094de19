import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { Quote } from '@shop/shared/contracts/quotes';
import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { useQuote } from '@/lib/queries/quotes';
import { AcceptQuote } from './accept-quote-form';
import { formatCalendarDay, formatMoment } from './quote-format';
import { QuoteLinesTable } from './quote-lines-table';
import { QuoteStateBadge } from './quote-state-badge';

/**
 * /dashboard/quotes/:id: one quote, for the buyer who asked; the quote's e-mail links here
 * (docs/behaviour.md §5.24): its state, the buyer's note and the shop's message,
 * the lines with the prices the buyer would have paid and the quoted ones, the quoted total and
 * its last day. Priced and not expired, its buyer accepts it here: the order is placed at its
 * prices as checkout places one. Accepted, it names its order; expired, it says the shop can price
 * it again.
 */
export function QuotePage() {
  const { id = '' } = useParams();
  const quote = useQuote(id);
  usePageTitle(quote.data ? `Quote ${quote.data.number}` : 'Quote');
  return (
    <section aria-labelledby="quote-heading" className="flex flex-col gap-6">
      {quote.isPending ? (
        <Spinner label="Loading the quote" />
      ) : quote.isError ? (
        <QueryErrorState query={quote} />
      ) : (
        <QuoteView quote={quote.data} />
      )}
    </section>
  );
}

function QuoteView({ quote }: { quote: Quote }) {
  return (
    <>
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="quote-heading" className="text-xl font-semibold">
            Quote {quote.number}
          </h2>
          <QuoteStateBadge quote={quote} />
        </div>
        <Link to={paths.myQuotes} className="link self-start">
          Back to My quotes
        </Link>
      </div>
      <QuoteSummary quote={quote} />
      <QuoteStatus quote={quote} />
      <section aria-labelledby="quote-lines-heading">
        <h3 id="quote-lines-heading" className="mb-2 text-lg font-semibold">
          Tools
        </h3>
        <QuoteLinesTable quote={quote} />
      </section>
      {quote.state === 'sent' && !quote.expired && <AcceptQuote quote={quote} />}
    </>
  );
}

function QuoteSummary({ quote }: { quote: Quote }) {
  const rows: [string, ReactNode][] = [
    [
      'Requested',
      <time key="requested" dateTime={quote.requestedAt}>
        {formatMoment(quote.requestedAt)}
      </time>,
    ],
  ];
  if (quote.companyName) rows.push(['Company', quote.companyName]);
  if (quote.expiresOn) {
    rows.push([
      'Valid until',
      <time key="expires" dateTime={quote.expiresOn}>
        {formatCalendarDay(quote.expiresOn)}
      </time>,
    ]);
  }
  if (quote.note) rows.push(['Your note', quote.note]);
  if (quote.message) rows.push(['Our message', quote.message]);
  return (
    <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-2">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium">{term}</dt>
          <dd className="min-w-0 whitespace-pre-line wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What the buyer can do with it now, in a sentence. */
function QuoteStatus({ quote }: { quote: Quote }) {
  if (quote.state === 'accepted') {
    return (
      <p className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span>
          Accepted
          {quote.acceptedAt && (
            <>
              {' '}
              on <time dateTime={quote.acceptedAt}>{formatMoment(quote.acceptedAt)}</time>
            </>
          )}
          : the order was placed at these prices.
        </span>
        {quote.orderId && (
          <Link to={paths.order(quote.orderId)} className="btn btn-primary btn-sm">
            View the order
          </Link>
        )}
      </p>
    );
  }
  if (quote.expired && quote.expiresOn) {
    return (
      <p role="status" className="alert alert-warning alert-soft">
        This quote expired on {formatCalendarDay(quote.expiresOn)}, so it can no longer be accepted. We can
        price it again: reply to its e-mail or{' '}
        <Link to={paths.contact} className="link">
          contact us
        </Link>
        , or request a new quote from your cart.
      </p>
    );
  }
  if (quote.state === 'requested') {
    return <p>We are pricing this quote: we will e-mail you when it is ready.</p>;
  }
  return null;
}
