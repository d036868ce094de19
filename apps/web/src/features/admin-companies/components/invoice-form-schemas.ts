import { z } from 'zod';
import { putCompanyTermsBody, recordInvoicePaymentBody } from '@shop/shared/contracts/invoices';
import { sameNames } from '@/lib/field-issues';
import { numberInput } from '@/lib/number-input';

/*
 * The back office's forms of invoices on terms (docs/behaviour.md §5.23), each field checked with
 * the API's own rule from the invoices contract, on the box's text.
 */

export const termsFormSchema = z.object({
  days: numberInput(putCompanyTermsBody.shape.days),
  creditLimit: numberInput(putCompanyTermsBody.shape.creditLimit),
  invoiceEmail: putCompanyTermsBody.shape.invoiceEmail,
});
/** PUT /company/{id}/terms as the form holds it: the number boxes' text, the address as typed. */
export type TermsFormInput = z.input<typeof termsFormSchema>;
export type TermsFormValues = z.output<typeof termsFormSchema>;

export const termsIssueFields = sameNames<keyof TermsFormInput>('days', 'creditLimit', 'invoiceEmail');

const { amount, method, reference, receivedOn } = recordInvoicePaymentBody.shape;

export const paymentFormSchema = z.object({
  amount: numberInput(amount),
  method,
  reference,
  // An empty date is today's, as the API reads a missing one.
  receivedOn: z.preprocess((value) => (value === '' ? undefined : value), receivedOn),
});
/** POST /invoice/{id}/payment as the form holds it: the amount's and the date's text, the method chosen. */
export type PaymentFormInput = z.input<typeof paymentFormSchema>;
export type PaymentFormValues = z.output<typeof paymentFormSchema>;

export const paymentIssueFields = sameNames<keyof PaymentFormInput>(
  'amount',
  'method',
  'reference',
  'receivedOn',
);
