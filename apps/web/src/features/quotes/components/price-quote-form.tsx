import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { MAX_QUOTE_DAYS, type Quote } from '@shop/shared/contracts/quotes';
import { formatCount } from '@shop/shared/format';
import { formatUnitPrice } from '@shop/shared/money';
import { BusyButton } from '@/components/ui/busy-button';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-client';
import { toastIfRateLimited } from '@/lib/failure-toast';
import { fieldIssues, setFieldIssues } from '@/lib/field-issues';
import { usePriceQuote } from '@/lib/queries/quotes';
import { toast } from '@/lib/toast';
import {
  priceQuoteFormOf,
  priceQuoteFormSchema,
  priceQuoteIssueFields,
  type PriceQuoteFormInput,
  type PriceQuoteFormValues,
} from './price-quote-form-schema';
import { formatMoney, lineTotalCents } from './quote-format';
import { dollarsBox } from '@/lib/number-input';

/** A box's text as a price, when it reads as one. */
const priceOf = (text: unknown): number | null => {
  if (typeof text !== 'string' || text.trim() === '') return null;
  const price = Number(text);
  return Number.isFinite(price) && price > 0 ? price : null;
};

/**
 * The quote's pricing (docs/behaviour.md §5.24): a unit price for every line (the buyer's price
 * then beside it), the last day it may be accepted, an optional message, and 'Send quote'
 * (PUT /quote/{id}/prices), which e-mails the buyer. A sent quote may be priced again until it
 * is accepted. The API's refusals (a line missing, a past date, more than 365 days ahead) show
 * above the button.
 */
export function PriceQuoteForm({ quote }: { quote: Quote }) {
  const price = usePriceQuote(quote.id);
  const [formError, setFormError] = useState<string | null>(null);
  const issueFields = priceQuoteIssueFields(quote.lines.length);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PriceQuoteFormInput, unknown, PriceQuoteFormValues>({
    resolver: zodResolver(priceQuoteFormSchema),
    defaultValues: priceQuoteFormOf(quote),
  });
  const prices = useWatch({ control, name: 'lines' }).map((line) => priceOf(line.unitPrice));
  const totalCents = prices.every((value) => value !== null)
    ? quote.lines.reduce((sum, line, index) => sum + lineTotalCents(line.quantity, prices[index]!), 0)
    : null;

  const onSubmit = handleSubmit(({ lines, expiresOn, message }) => {
    setFormError(null);
    // Not mutate's own callbacks: the sent quote re-keys this form (its sentAt), which is replaced
    // before they would run, and TanStack Query skips them for a component that is gone.
    price.mutateAsync({ lines, expiresOn, ...(message ? { message } : {}) }).then(
      (sent) => toast.success(`Quote ${sent.number} sent: ${sent.customer.name} is e-mailed its prices`),
      (error: unknown) => {
        toastIfRateLimited(error);
        setFieldIssues(error, setError, issueFields);
        if (Object.keys(fieldIssues(error, issueFields)).length === 0) setFormError(errorMessage(error));
      },
    );
  });

  const title = quote.state === 'requested' ? 'Price this quote' : 'Price it again';
  return (
    <form noValidate aria-labelledby="price-quote-heading" aria-busy={price.isPending} onSubmit={onSubmit}>
      <h3 id="price-quote-heading" className="mb-2 text-lg font-semibold">
        {title}
      </h3>
      <p className="mb-4 max-w-2xl">
        {quote.state === 'requested'
          ? 'Set a unit price for every line. Each starts at the price the buyer would pay today.'
          : 'The buyer has these prices. Change them or the date and send it again until it is accepted.'}
      </p>
      <fieldset disabled={price.isPending} className="flex max-w-3xl flex-col gap-4">
        <ul aria-label={`Lines of quote ${quote.number}`} className="flex flex-col">
          {quote.lines.map((line, index) => {
            const linePrice = prices[index];
            return (
              <li
                key={line.toolId}
                className="border-base-300 grid gap-x-6 gap-y-2 border-b py-3 sm:grid-cols-[minmax(0,1fr)_12rem]"
              >
                <div className="min-w-0">
                  <p className="font-medium wrap-anywhere">{line.toolName}</p>
                  <p className="text-sm">
                    {line.sku && <span className="font-mono">SKU {line.sku} · </span>}
                    {formatCount(line.quantity)} × buyer&apos;s price then {formatMoney(line.listUnitPrice)}
                  </p>
                </div>
                <FormField
                  id={`quote-price-${index}`}
                  label={
                    <>
                      Quoted unit price<span className="sr-only"> of {line.toolName}</span> ($)
                    </>
                  }
                  error={errors.lines?.[index]?.unitPrice?.message}
                  hint={
                    linePrice === null || linePrice === undefined
                      ? 'Line total —'
                      : `Line total ${formatUnitPrice(lineTotalCents(line.quantity, linePrice))}`
                  }
                >
                  {(field) => <input {...field} {...dollarsBox} {...register(`lines.${index}.unitPrice`)} />}
                </FormField>
              </li>
            );
          })}
        </ul>
        <p aria-live="polite">
          Quoted total: <strong>{totalCents === null ? '—' : formatUnitPrice(totalCents)}</strong> before
          shipping and tax
        </p>
        <div className="max-w-xs">
          <FormField
            id="quote-expires-on"
            label="Valid until"
            error={errors.expiresOn?.message}
            hint={`The last day the buyer may accept it, at most ${MAX_QUOTE_DAYS} days ahead.`}
          >
            {(field) => <input {...field} type="date" {...register('expiresOn')} />}
          </FormField>
        </div>
        <FormField
          id="quote-message"
          label="Message to the buyer (optional)"
          kind="textarea"
          error={errors.message?.message}
          hint="It goes with the prices in the e-mail and on the quote's page. Up to 1,000 characters."
        >
          {(field) => <textarea {...field} rows={4} maxLength={1000} {...register('message')} />}
        </FormField>
        <FormAlert message={formError} />
        <div>
          <BusyButton isBusy={price.isPending}>Send quote</BusyButton>
        </div>
      </fieldset>
    </form>
  );
}
