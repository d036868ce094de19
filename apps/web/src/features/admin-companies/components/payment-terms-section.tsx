import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Company } from '@shop/shared/contracts/companies';
import { PAYMENT_TERMS_DAYS, type CompanyTerms, type Invoice } from '@shop/shared/contracts/invoices';
import { StatementView } from '@/components/invoice-statement';
import { BusyButton } from '@/components/ui/busy-button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryErrorState } from '@/components/ui/error-state';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { termsName, termsSummary } from '@/lib/domain/invoice';
import { toastFailure, toastIfRateLimited } from '@/lib/failure-toast';
import { fieldIssues, setFieldIssues } from '@/lib/field-issues';
import { useEndCompanyTerms, usePutCompanyTerms, useStatement } from '@/lib/queries/invoices';
import { toast } from '@/lib/toast';
import {
  termsFormSchema,
  termsIssueFields,
  type TermsFormInput,
  type TermsFormValues,
} from './invoice-form-schemas';
import { RecordPaymentDialog } from './record-payment-dialog';
import { dollarsBox } from '@/lib/number-input';

/**
 * An approved company's payment terms in the back office (docs/behaviour.md §5.23): Net 15, 30 or
 * 60 days with a credit limit and the address its invoices go to. With terms its buyers may pay by
 * invoice; ending them sends them back to the card, and what is owed stays owed.
 */
export function PaymentTermsSection({ company }: { company: Company }) {
  const end = useEndCompanyTerms(company.id);
  const [isEnding, setIsEnding] = useState(false);

  const onEnd = async () => {
    try {
      await end.mutateAsync();
      toast.success(`Payment terms ended: ${company.name}'s buyers pay by card`);
    } catch (error) {
      toastFailure(error);
    } finally {
      setIsEnding(false);
    }
  };

  return (
    <section aria-labelledby="payment-terms-heading" className="mt-8 max-w-2xl">
      <h3 id="payment-terms-heading" className="mb-2 text-lg font-semibold">
        Payment terms
      </h3>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <p className="wrap-anywhere">
          {company.terms ? termsSummary(company.terms) : 'No terms: buyers pay by card'}
        </p>
        {company.terms && (
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm"
            onClick={() => setIsEnding(true)}
          >
            End terms
          </button>
        )}
      </div>
      {/* A fresh form whenever the terms change, so that it starts from them. */}
      <TermsForm key={company.terms ? termsSummary(company.terms) : 'none'} company={company} />
      <ConfirmDialog
        open={isEnding}
        title={`End ${company.name}'s payment terms?`}
        cancelLabel="Keep them"
        confirmLabel="End terms"
        isBusy={end.isPending}
        onCancel={() => setIsEnding(false)}
        onConfirm={() => void onEnd()}
      >
        <p className="py-2">
          Its buyers pay by card from now on. Invoices already issued stay owed: record their payments in the
          statement below.
        </p>
      </ConfirmDialog>
    </section>
  );
}

const termsFormOf = (terms: CompanyTerms | null): TermsFormInput => ({
  days: String(terms?.days ?? 30),
  creditLimit: terms ? String(terms.creditLimit) : '',
  invoiceEmail: terms?.invoiceEmail ?? '',
});

function TermsForm({ company }: { company: Company }) {
  const put = usePutCompanyTerms(company.id);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TermsFormInput, unknown, TermsFormValues>({
    resolver: zodResolver(termsFormSchema),
    defaultValues: termsFormOf(company.terms),
  });

  const onSubmit = handleSubmit((body) => {
    setFormError(null);
    // Not mutate's own callbacks: the saved terms re-key this form, which is replaced before they
    // would run, and TanStack Query skips them for a component that is gone.
    put.mutateAsync(body).then(
      (terms) => toast.success(`Payment terms saved: ${termsSummary(terms)}`),
      (error: unknown) => {
        toastIfRateLimited(error);
        setFieldIssues(error, setError, termsIssueFields);
        if (Object.keys(fieldIssues(error, termsIssueFields)).length === 0) setFormError(errorMessage(error));
      },
    );
  });

  const title = company.terms ? 'Change the terms' : 'Give payment terms';
  return (
    <form noValidate aria-label={title} aria-busy={put.isPending} onSubmit={onSubmit}>
      <h4 className="mb-2 font-semibold">{title}</h4>
      <fieldset disabled={put.isPending} className="flex flex-col gap-4">
        <FormAlert message={formError} />
        <FormField id="terms-days" label="Terms" kind="select" error={errors.days?.message}>
          {(field) => (
            <select {...field} {...register('days')}>
              {PAYMENT_TERMS_DAYS.map((days) => (
                <option key={days} value={String(days)}>
                  {termsName(days)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          id="terms-credit-limit"
          label="Credit limit ($)"
          error={errors.creditLimit?.message}
          hint="The most its unpaid invoices may add up to: an order that would go over it is refused."
        >
          {(field) => <input {...field} {...dollarsBox} {...register('creditLimit')} />}
        </FormField>
        <FormField
          id="terms-invoice-email"
          label="Invoice e-mail"
          error={errors.invoiceEmail?.message}
          hint="Where its invoices and payment reminders are sent."
        >
          {(field) => (
            <input {...field} type="email" autoComplete="off" maxLength={254} {...register('invoiceEmail')} />
          )}
        </FormField>
        <div>
          <BusyButton isBusy={put.isPending}>Save payment terms</BusyButton>
        </div>
      </fieldset>
    </form>
  );
}

/**
 * The company's statement in the back office (docs/behaviour.md §5.23): what the company admins
 * read, with Record payment for each invoice still open.
 */
export function CompanyStatementSection({ company }: { company: Company }) {
  const statement = useStatement(company.id);
  const [paying, setPaying] = useState<Invoice | null>(null);
  return (
    <section aria-labelledby="company-statement-heading" className="mt-8">
      <h3 id="company-statement-heading" className="mb-2 text-lg font-semibold">
        Statement
      </h3>
      {statement.isPending ? (
        <Spinner label="Loading the statement" />
      ) : statement.isError ? (
        <QueryErrorState query={statement} />
      ) : (
        <StatementView
          statement={statement.data}
          headingLevel={4}
          showTerms={false}
          invoiceActions={(invoice) =>
            invoice.state === 'open' && (
              <button
                type="button"
                className="btn btn-primary btn-sm"
                aria-label={`Record payment for ${invoice.number}`}
                onClick={() => setPaying(invoice)}
              >
                Record payment
              </button>
            )
          }
        />
      )}
      <RecordPaymentDialog invoice={paying} onClose={() => setPaying(null)} />
    </section>
  );
}
