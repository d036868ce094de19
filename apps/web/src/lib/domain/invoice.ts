import type { CompanyTerms } from '@shop/shared/contracts/invoices';
import { dollarsToCents, formatUnitPrice } from '@shop/shared/money';

/*
 * Invoices on terms in the pages' words (docs/behaviour.md §5.23): checkout, the order and payment
 * pages, the company's statement and the back office's company page name terms and amounts alike.
 * Only types from the invoices contract: its labels and rules stay with the trade accounts' pages.
 */

/** An amount owed or paid, always with its cents: '$5,000.00', '$12.50'. */
export const formatAmount = (dollars: number) => formatUnitPrice(dollarsToCents(dollars));

/** 'Net 30': the invoice is due 30 days after it is issued. */
export const termsName = (days: number) => `Net ${days}`;

/** 'Net 30 · credit limit $5,000.00 · invoices to ap@acme.test'. */
export const termsSummary = (terms: CompanyTerms) =>
  `${termsName(terms.days)} · credit limit ${formatAmount(terms.creditLimit)} · invoices to ${terms.invoiceEmail}`;

/** A moment's calendar day in the browser's time zone, as YYYY-MM-DD (today by default). */
export function isoDay(at: string | Date = new Date()): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}
