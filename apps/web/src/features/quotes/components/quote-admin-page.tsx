import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { Quote } from '@shop/shared/contracts/quotes';
import { BreakableEmail } from '@/components/ui/breakable-email';
import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { useQuote } from '@/lib/queries/quotes';
import { AcceptQuote } from './accept-quote-form';
import { PriceQuoteForm } from './price-quote-form';
import { formatCalendarDay, formatMoment } from './quote-format';
import { QuoteLinesTable } from './quote-lines-table';
import { QuoteStateBadge } from './quote-state-badge';

/**
 * /dashboard/quotes/:id for the shop's admins: one quote (docs/behaviour.md §5.24): who asked, when, with
 * what note; until it is accepted, the form that prices every line, sets its last day and sends it
 * to the buyer (again, to change a sent one or revive an expired one). Accepted, its prices are
 * final: it reads as the buyer sees it, with its order.
 */
export function QuoteAdminPage() {
  const { id = '' } = useParams();
  const quote = useQuote(id);
  usePageTitle(quote.data ? `Quote ${quote.data.number}` : 'Quote');
  return (
    <section aria-labelledby="quote-heading" className="flex flex-col gap-6">
      <p>
        <Link to={paths.myQuotes} className="link">
          All quotes
        </Link>
      </p>
      {quote.isPending ? (
        <Spinner label="Loading the quote" />
      ) : quote.isError ? (
        <QueryErrorState query={quote} />
      ) : (
        <QuoteAdminView quote={quote.data} />
      )}
    </section>
  );
}

function QuoteAdminView({ quote }: { quote: Quote }) {
  // An admin who asked for a quote of their own accepts it here too.
  const isBuyer = useAuth().user?.id === quote.customer.id;
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="quote-heading" className="text-xl font-semibold">
          Quote {quote.number}
        </h2>
        <QuoteStateBadge quote={quote} />
      </div>
      <QuoteDetails quote={quote} />
      {quote.state === 'accepted' ? (
        <section aria-labelledby="quote-lines-heading">
          <h3 id="quote-lines-heading" className="mb-2 text-lg font-semibold">
            Tools
          </h3>
          <QuoteLinesTable quote={quote} />
        </section>
      ) : (
        // A fresh form whenever the quote is sent, so that it starts from what was sent.
        <PriceQuoteForm key={quote.sentAt ?? 'unsent'} quote={quote} />
      )}
      {isBuyer && quote.state === 'sent' && !quote.expired && <AcceptQuote quote={quote} />}
    </>
  );
}

function QuoteDetails({ quote }: { quote: Quote }) {
  const rows: [string, ReactNode][] = [
    [
      'Customer',
      <span key="customer" className="flex flex-col">
        <span>{quote.customer.name}</span>
        <BreakableEmail email={quote.customer.email} />
      </span>,
    ],
  ];
  if (quote.companyName) rows.push(['Company', quote.companyName]);
  rows.push([
    'Requested',
    <time key="requested" dateTime={quote.requestedAt}>
      {formatMoment(quote.requestedAt)}
    </time>,
  ]);
  if (quote.sentAt) {
    rows.push([
      'Sent',
      <time key="sent" dateTime={quote.sentAt}>
        {formatMoment(quote.sentAt)}
      </time>,
    ]);
  }
  if (quote.expiresOn) {
    rows.push([
      quote.expired ? 'Expired after' : 'Valid until',
      <time key="expires" dateTime={quote.expiresOn}>
        {formatCalendarDay(quote.expiresOn)}
      </time>,
    ]);
  }
  if (quote.note) rows.push(["Buyer's note", quote.note]);
  if (quote.state === 'accepted') {
    if (quote.message) rows.push(['Our message', quote.message]);
    rows.push([
      'Accepted',
      <span key="accepted" className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {quote.acceptedAt && <time dateTime={quote.acceptedAt}>{formatMoment(quote.acceptedAt)}</time>}
        {quote.orderId && (
          <Link to={paths.order(quote.orderId)} className="link">
            View the order
          </Link>
        )}
      </span>,
    ]);
  }
  return (
    <dl className="grid max-w-2xl grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-2">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-medium">{term}</dt>
          <dd className="min-w-0 whitespace-pre-line wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
