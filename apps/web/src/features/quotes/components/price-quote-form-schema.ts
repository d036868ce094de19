import { z } from 'zod';
import { priceQuoteBody, type Quote } from '@shop/shared/contracts/quotes';
import { isoDay } from '@/lib/domain/invoice';
import type { IssueFields } from '@/lib/field-issues';
import { numberInput } from '@/lib/number-input';

/*
 * The back office's pricing form (docs/behaviour.md §5.24), each field checked with the API's own
 * rule from the quotes contract (priceQuoteBody), on the boxes' text. The dates' rules (not past,
 * at most 365 days ahead) are the API's: it counts the days in UTC.
 */

const { lines, expiresOn, message } = priceQuoteBody.shape;
const lineShape = lines.element.shape;

export const priceQuoteFormSchema = z.object({
  lines: z.array(z.object({ toolId: lineShape.toolId, unitPrice: numberInput(lineShape.unitPrice) })),
  expiresOn,
  message,
});
/** PUT /quote/{id}/prices as the form holds it: each line's price as the box's text. */
export type PriceQuoteFormInput = z.input<typeof priceQuoteFormSchema>;
export type PriceQuoteFormValues = z.output<typeof priceQuoteFormSchema>;

/** How many days ahead a new quote is valid unless the admin says otherwise. */
const DEFAULT_VALID_DAYS = 14;

const daysAhead = (days: number) => {
  const day = new Date();
  day.setDate(day.getDate() + days);
  return isoDay(day);
};

/**
 * The form as it opens: each line at its quoted price, or at the price the buyer would have paid
 * as a suggestion; the quote's last day while it runs, two weeks ahead otherwise; its message.
 */
export const priceQuoteFormOf = (quote: Quote): PriceQuoteFormInput => ({
  lines: quote.lines.map((line) => ({
    toolId: line.toolId,
    unitPrice: (line.quotedUnitPrice ?? line.listUnitPrice).toFixed(2),
  })),
  expiresOn: quote.expiresOn && !quote.expired ? quote.expiresOn : daysAhead(DEFAULT_VALID_DAYS),
  message: quote.message ?? '',
});

type LineField = `lines.${number}.unitPrice`;

/** The API names the body's fields as the form does, each line's price too ('lines.0.unitPrice'). */
export const priceQuoteIssueFields = (
  lineCount: number,
): IssueFields<'expiresOn' | 'message' | LineField> => ({
  expiresOn: 'expiresOn',
  message: 'message',
  ...Object.fromEntries(
    Array.from({ length: lineCount }, (_, index) => [`lines.${index}.unitPrice`, `lines.${index}.unitPrice`]),
  ),
});
