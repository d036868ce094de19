import type { UseFormRegisterReturn } from 'react-hook-form';
import type { MyCompany } from '@shop/shared/contracts/companies';
import type { CompanyTerms } from '@shop/shared/contracts/invoices';
import { termsName } from '@/lib/domain/invoice';

interface PaymentChoiceProps {
  /** Names the ids, so that two forms do not share them ('checkout'). */
  idPrefix: string;
  terms: CompanyTerms;
  /** The form's `paymentMethod` radio group. */
  field: UseFormRegisterReturn<'paymentMethod'>;
  /** The level of its 'Payment' heading where it sits. */
  headingLevel: 2 | 3 | 4;
}

const headingClass = { 2: 'text-xl', 3: 'text-lg', 4: 'text-base' } as const;

/**
 * By card or by invoice, for a buyer whose company has terms (docs/behaviour.md §5.23): at
 * checkout and when accepting a quote (§5.24). A buyer over their limit still waits for approval
 * first, whichever they choose.
 */
export function PaymentChoice({ idPrefix, terms, field, headingLevel }: PaymentChoiceProps) {
  const Heading = `h${headingLevel}` as const;
  const headingId = `${idPrefix}-payment-heading`;
  const labelId = `${idPrefix}-invoice-label`;
  const hintId = `${idPrefix}-invoice-hint`;
  const option =
    'card card-border bg-base-100 has-checked:border-primary cursor-pointer flex-row items-start gap-3 p-4';
  return (
    <fieldset aria-labelledby={headingId} className="flex flex-col gap-2">
      <Heading id={headingId} className={`mb-1 font-semibold ${headingClass[headingLevel]}`}>
        Payment
      </Heading>
      <label className={option}>
        <input type="radio" className="radio radio-primary mt-1" value="card" {...field} />
        <span>Pay by card</span>
      </label>
      <label className={option}>
        {/* Named by its first line alone: the second describes it. */}
        <input
          type="radio"
          className="radio radio-primary mt-1"
          value="invoice"
          aria-labelledby={labelId}
          aria-describedby={hintId}
          {...field}
        />
        <span className="flex min-w-0 flex-col gap-1">
          <span id={labelId}>Pay by invoice ({termsName(terms.days)})</span>
          <span id={hintId} className="text-sm wrap-anywhere">
            Invoice e-mailed to {terms.invoiceEmail}, due {terms.days} days after the order
          </span>
        </span>
      </label>
    </fieldset>
  );
}

/** The company's terms when the member may order on them (its admins and buyers); null otherwise. */
export function invoiceTermsOf(mine: MyCompany | undefined): CompanyTerms | null {
  const membership = mine?.membership;
  if (!membership || membership.role === 'viewer') return null;
  return membership.company.terms;
}
