import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  INVOICE_PAYMENT_METHOD_LABELS,
  INVOICE_PAYMENT_METHODS,
  type Invoice,
} from '@shop/shared/contracts/invoices';
import { FormAlert } from '@/components/ui/form-alert';
import { FormDialog, FormDialogActions } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-client';
import { formatAmount, isoDay } from '@/lib/domain/invoice';
import { toastIfRateLimited } from '@/lib/failure-toast';
import { fieldIssues, setFieldIssues } from '@/lib/field-issues';
import { useRecordInvoicePayment } from '@/lib/queries/invoices';
import { toast } from '@/lib/toast';
import {
  paymentFormSchema,
  paymentIssueFields,
  type PaymentFormInput,
  type PaymentFormValues,
} from './invoice-form-schemas';
import { dollarsBox } from '@/lib/number-input';

interface RecordPaymentDialogProps {
  /** The invoice paid; null: the dialog is closed. */
  invoice: Invoice | null;
  onClose: () => void;
}

/**
 * Money received against an invoice, in full or in part (docs/behaviour.md §5.23): the amount
 * (its balance unless told otherwise), how it came, the bank's or the cheque's reference and the
 * day it came. A refusal (more than it owes, an invoice paid meanwhile) shows in the dialog.
 */
export function RecordPaymentDialog({ invoice, onClose }: RecordPaymentDialogProps) {
  return (
    <FormDialog open={invoice !== null} labelledBy="record-payment-dialog-title" onClose={onClose}>
      {invoice && <RecordPaymentForm invoice={invoice} onClose={onClose} />}
    </FormDialog>
  );
}

function RecordPaymentForm({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const record = useRecordInvoicePayment();
  const [formError, setFormError] = useState<string | null>(null);
  const today = isoDay();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PaymentFormInput, unknown, PaymentFormValues>({
    resolver: zodResolver(paymentFormSchema),
    defaultValues: {
      amount: String(invoice.balance),
      method: 'bank-transfer',
      reference: '',
      receivedOn: today,
    },
  });

  const onSubmit = handleSubmit(({ amount, method, reference, receivedOn }) => {
    setFormError(null);
    record.mutate(
      {
        invoiceId: invoice.id,
        // Today left as it is goes as none: the API's today, whatever the browser's time zone.
        body: {
          amount,
          method,
          reference: reference ?? undefined,
          receivedOn: receivedOn === today ? undefined : receivedOn,
        },
      },
      {
        onSuccess: (paid) => {
          toast.success(
            paid.state === 'paid'
              ? `Payment recorded: ${paid.number} is paid`
              : `Payment recorded: ${paid.number} owes ${formatAmount(paid.balance)}`,
          );
          onClose();
        },
        onError: (error) => {
          toastIfRateLimited(error);
          setFieldIssues(error, setError, paymentIssueFields);
          if (Object.keys(fieldIssues(error, paymentIssueFields)).length === 0) {
            setFormError(errorMessage(error));
          }
        },
      },
    );
  });

  return (
    <form className="modal-box" noValidate aria-busy={record.isPending} onSubmit={onSubmit}>
      <h3 id="record-payment-dialog-title" className="text-lg font-bold break-words">
        Record a payment for {invoice.number}
      </h3>
      <p className="mb-3">
        {invoice.companyName} owes {formatAmount(invoice.balance)} of {formatAmount(invoice.total)}, due{' '}
        <time dateTime={invoice.dueOn}>{invoice.dueOn}</time>.
      </p>
      <fieldset disabled={record.isPending} className="flex flex-col gap-3">
        <FormAlert message={formError} />
        <FormField id="payment-amount" label="Amount ($)" error={errors.amount?.message}>
          {(field) => <input {...field} {...dollarsBox} {...register('amount')} />}
        </FormField>
        <FormField id="payment-method" label="Method" kind="select" error={errors.method?.message}>
          {(field) => (
            <select {...field} {...register('method')}>
              {INVOICE_PAYMENT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {INVOICE_PAYMENT_METHOD_LABELS[method]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          id="payment-reference"
          label="Reference (optional)"
          error={errors.reference?.message}
          hint="The bank transfer's or the cheque's reference, up to 80 characters."
        >
          {(field) => (
            <input {...field} type="text" autoComplete="off" maxLength={80} {...register('reference')} />
          )}
        </FormField>
        <FormField
          id="payment-received-on"
          label="Received on"
          error={errors.receivedOn?.message}
          hint="The day the money came; not in the future."
        >
          {(field) => <input {...field} type="date" max={today} {...register('receivedOn')} />}
        </FormField>
      </fieldset>
      <FormDialogActions onClose={onClose} isBusy={record.isPending} submitLabel="Record payment" />
    </form>
  );
}
