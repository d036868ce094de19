import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { CompanyTerms } from '@shop/shared/contracts/invoices';
import { acceptQuoteBody, type AcceptQuoteBody, type Quote } from '@shop/shared/contracts/quotes';
import type { z } from 'zod';
import { invoiceTermsOf, PaymentChoice } from '@/components/payment-choice';
import { ShipToChoice, useSharedAddresses } from '@/components/ship-to-choice';
import { BusyButton } from '@/components/ui/busy-button';
import { QueryErrorState } from '@/components/ui/error-state';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import type { Address } from '@/lib/domain/address';
import { toastIfRateLimited } from '@/lib/failure-toast';
import { fieldIssues, sameNames, setFieldIssues } from '@/lib/field-issues';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useAddresses } from '@/lib/queries/addresses';
import { useMyCompany } from '@/lib/queries/companies';
import { useAcceptQuote } from '@/lib/queries/quotes';
import { toast } from '@/lib/toast';
import { formatCalendarDay, formatMoney } from './quote-format';

type AcceptFormInput = z.input<typeof acceptQuoteBody>;
type AcceptFormValues = z.output<typeof acceptQuoteBody>;

const issueFields = sameNames('addressId', 'poNumber', 'paymentMethod');

/**
 * 'Accept quote' (docs/behaviour.md §5.24): where the order ships (the buyer's addresses and
 * their company's shared ones, as at checkout), an optional PO number, and by card or by invoice
 * when the company has terms (§5.23). The order is placed at the quoted prices as checkout places
 * one; the shop's refusals (already accepted, expired, over the credit limit…) show above the button.
 */
export function AcceptQuote({ quote }: { quote: Quote }) {
  const addresses = useAddresses();
  const mine = useMyCompany().data;
  const shared = useSharedAddresses(mine);
  return (
    <section aria-labelledby="accept-quote-heading" className="card bg-base-200 max-w-3xl">
      <div className="card-body gap-4 p-4 sm:p-6">
        <h3 id="accept-quote-heading" className="card-title">
          Accept quote
        </h3>
        <p>
          The order is placed at these prices
          {quote.quotedTotal !== null && <>, {formatMoney(quote.quotedTotal)} before shipping and tax</>}
          {quote.expiresOn && <>, on or before {formatCalendarDay(quote.expiresOn)}</>}. Shipping and tax are
          worked out from the address, as at checkout.
        </p>
        {addresses.isPending ? (
          <Spinner label="Loading your addresses" />
        ) : addresses.isError ? (
          <QueryErrorState query={addresses} />
        ) : (
          // The buyer's own addresses, then those their company shares (docs/behaviour.md §4.19).
          <AcceptQuoteForm
            quote={quote}
            addresses={[...addresses.data, ...shared]}
            terms={invoiceTermsOf(mine)}
          />
        )}
      </div>
    </section>
  );
}

interface AcceptQuoteFormProps {
  quote: Quote;
  addresses: Address[];
  /** The company's terms when the buyer may pay by invoice; null: by card only. */
  terms: CompanyTerms | null;
}

function AcceptQuoteForm({ quote, addresses, terms }: AcceptQuoteFormProps) {
  const navigate = useNavigate();
  const accept = useAcceptQuote(quote.id);
  // One key for this acceptance, as at checkout: a second press, after a double click or a lost
  // answer, sends it again and the server answers the order the first one placed.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [formError, setFormError] = useState<string | null>(null);
  const preselected = addresses.find((address) => address.isDefault) ?? addresses[0];
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<AcceptFormInput, unknown, AcceptFormValues>({
    // The API's own rules (acceptQuoteBody): an address chosen, the PO number's length.
    resolver: zodResolver(acceptQuoteBody),
    defaultValues: { addressId: preselected?.id ?? '', poNumber: '', paymentMethod: 'card' },
  });
  const chooseAddress = (address: Address) =>
    setValue('addressId', address.id, { shouldValidate: true, shouldDirty: true });

  const onSubmit = handleSubmit(({ addressId, poNumber, paymentMethod }) => {
    if (accept.isPending) return;
    setFormError(null);
    const body: AcceptQuoteBody = {
      addressId,
      // What was left empty is left out.
      ...(poNumber ? { poNumber } : {}),
      // Only a buyer offered the choice sends it; the API pays by card otherwise.
      ...(terms ? { paymentMethod } : {}),
    };
    accept.mutate(
      { body, idempotencyKey },
      {
        onSuccess: ({ insertedId, order, invoice }) => {
          // Paid by invoice: the order is confirmed, and its invoice is on its way (§5.23).
          if (invoice) {
            toast.success(`Quote accepted: invoice ${invoice.number} e-mailed`);
            navigate(paths.order(insertedId), { replace: true });
            return;
          }
          // Above a company buyer's limit it waits for approval, not for payment (§5.21).
          if (order.approvalState === 'awaiting') {
            toast.success(
              "Quote accepted. The order is above your limit, so it waits for your company's approval.",
            );
            navigate(paths.order(insertedId), { replace: true });
            return;
          }
          toast.success('Quote accepted. Pay for the order below.');
          navigate(paths.payment(insertedId), { replace: true });
        },
        onError: (error) => {
          toastIfRateLimited(error);
          setFieldIssues(error, setError, issueFields);
          if (Object.keys(fieldIssues(error, issueFields)).length === 0) setFormError(errorMessage(error));
        },
      },
    );
  });

  return (
    <>
      <section aria-labelledby="accept-ship-to-heading" className="flex flex-col gap-3">
        <h4 id="accept-ship-to-heading" className="font-semibold">
          Ship to
        </h4>
        <ShipToChoice
          idPrefix="accept-quote"
          addresses={addresses}
          field={register('addressId')}
          error={errors.addressId?.message}
          onAdded={chooseAddress}
        />
      </section>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormField
          id="accept-quote-po-number"
          label="PO number (optional)"
          error={errors.poNumber?.message}
          hint="Your purchase order number: it shows on the order, the receipt and the e-mails."
        >
          {(field) => <input {...field} type="text" maxLength={50} {...register('poNumber')} />}
        </FormField>
        {terms && (
          <PaymentChoice
            idPrefix="accept-quote"
            terms={terms}
            field={register('paymentMethod')}
            headingLevel={4}
          />
        )}
        <FormAlert message={formError} />
        <BusyButton
          isBusy={accept.isPending}
          disabled={addresses.length === 0}
          className="btn btn-primary self-start"
        >
          Accept quote
        </BusyButton>
        {addresses.length === 0 && <p className="text-sm">Add an address above to accept the quote.</p>}
      </form>
    </>
  );
}
