import type { Quote } from '@shop/shared/contracts/quotes';
import { quoteStateLabel } from './quote-format';

// Whole class names: Tailwind finds the classes it generates by reading the source as text.
const badgeClass = {
  requested: 'badge-warning',
  sent: 'badge-info',
  accepted: 'badge-success',
  expired: 'badge-neutral',
} as const;

/** A quote's state as a badge: 'Waiting for our prices', 'Priced', 'Accepted' or 'Expired'. */
export function QuoteStateBadge({ quote }: { quote: Pick<Quote, 'state' | 'expired'> }) {
  return (
    <span className={`badge h-auto min-h-5 ${badgeClass[quote.expired ? 'expired' : quote.state]}`}>
      {quoteStateLabel(quote)}
    </span>
  );
}
