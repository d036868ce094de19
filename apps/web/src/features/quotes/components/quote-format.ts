import { QUOTE_STATE_LABELS, type Quote } from '@shop/shared/contracts/quotes';
import { dollarsToCents, formatUnitPrice } from '@shop/shared/money';

/*
 * A quote in the pages' words (docs/behaviour.md §5.24): the buyer's pages and the back office's
 * name its state, days and amounts alike.
 */

const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
/** A calendar day (YYYY-MM-DD) is the same day wherever it is read. */
const calendarDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** When something happened, in the browser's time zone: 'Mar 4, 2026'. */
export const formatMoment = (iso: string) => moment.format(new Date(iso));

/** The quote's last day, YYYY-MM-DD, as 'Dec 1, 2026'. */
export const formatCalendarDay = (day: string) => calendarDay.format(new Date(`${day}T00:00:00Z`));

/** An amount with its cents: '$1,250.00'. */
export const formatMoney = (dollars: number) => formatUnitPrice(dollarsToCents(dollars));

/** A quantity at a unit price, in cents: what a line comes to. */
export const lineTotalCents = (quantity: number, unitPrice: number) => quantity * dollarsToCents(unitPrice);

/** 'Expired' for a sent quote past its last day; its state's label otherwise. */
export const quoteStateLabel = (quote: Pick<Quote, 'state' | 'expired'>) =>
  QUOTE_STATE_LABELS[quote.expired ? 'expired' : quote.state];
