import { useState } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import { DEMO_CARD_DECLINED, DEMO_CARD_SUCCEEDS } from '@shop/shared/demo-cards';
import { FormField } from '@/components/ui/form-field';
import { errorMessage } from '@/lib/api-client';
import { toastIfRateLimited } from '@/lib/failure-toast';
import { setFieldIssues, type IssueFields } from '@/lib/field-issues';
import { useConfirmDemoPayment } from '@/lib/queries/confirm-demo-payment';
import { CardFormFooter, isWorthRetrying, type CardFormProps } from './card-form-parts';

interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

/** The request's card fields, by the form field that holds them (the expiry holds two). */
const issueFields: IssueFields<keyof CardFields> = {
  'card.number': 'number',
  'card.expMonth': 'expiry',
  'card.expYear': 'expiry',
  'card.cvc': 'cvc',
};

/** 'MM / YY' or 'MM/YYYY' as numbers, or null when it is not a date yet. */
function parseExpiry(value: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  return match ? { expMonth: Number(match[1]), expYear: Number(match[2]) } : null;
}

/**
 * The demo processor's card form: plain fields posted to our own API, which checks the card as
 * a processor would. It says plainly that nothing is charged.
 */
export function DemoCardForm({
  clientSecret,
  intentError,
  onRetryIntent,
  billing,
  onSucceeded,
}: CardFormProps) {
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors },
  } = useForm<CardFields>({ defaultValues: { number: '', expiry: '', cvc: '' } });
  const confirm = useConfirmDemoPayment();
  const [error, setError] = useState<string | null>(null);
  /** The processor was not answering when the card was sent: the same card can be sent again. */
  const [canResend, setCanResend] = useState(false);

  const shownError = error ?? intentError;
  const fieldProps = { register, describedBy: shownError ? 'card-error' : undefined };

  const pay = (fields: CardFields) => {
    if (!clientSecret) return;
    const expiry = parseExpiry(fields.expiry);
    if (!expiry) {
      setError("Your card's expiration date is incomplete.");
      return;
    }
    setError(null);
    setCanResend(false);
    confirm.mutate(
      {
        clientSecret,
        card: { number: fields.number, cvc: fields.cvc.trim(), ...expiry },
        billingName: billing.name,
        billingEmail: billing.email,
      },
      {
        onSuccess: ({ transactionId }) => onSucceeded(transactionId),
        // The message stays under the form (docs/behaviour.md §10.3); a refused field says so too.
        onError: (failure) => {
          setError(errorMessage(failure));
          setCanResend(isWorthRetrying(failure));
          setFieldIssues(failure, setFieldError, issueFields);
          toastIfRateLimited(failure);
        },
      },
    );
  };

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={handleSubmit(pay)}
      aria-describedby="demo-notice"
    >
      <p id="demo-notice" className="alert alert-info alert-soft text-sm">
        Demo payments: nothing is charged. Use {DEMO_CARD_SUCCEEDS} with any future expiry and any 3-digit
        CVC; {DEMO_CARD_DECLINED} shows a declined card.
      </p>
      <CardField
        label="Card number"
        name="number"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        error={errors.number?.message}
        {...fieldProps}
      />
      <div className="grid grid-cols-2 gap-4">
        <CardField
          label="Expiry (MM / YY)"
          name="expiry"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          error={errors.expiry?.message}
          {...fieldProps}
        />
        <CardField
          label="CVC"
          name="cvc"
          autoComplete="cc-csc"
          placeholder="123"
          error={errors.cvc?.message}
          {...fieldProps}
        />
      </div>
      <CardFormFooter
        canPay={Boolean(clientSecret)}
        isPaying={confirm.isPending}
        error={shownError}
        onRetry={error ? (canResend ? () => void handleSubmit(pay)() : undefined) : onRetryIntent}
      />
    </form>
  );
}

function CardField({
  label,
  name,
  autoComplete,
  placeholder,
  error,
  register,
  describedBy,
}: {
  label: string;
  name: keyof CardFields;
  autoComplete: string;
  placeholder: string;
  error: string | undefined;
  register: UseFormRegister<CardFields>;
  describedBy: string | undefined;
}) {
  return (
    <FormField id={`card-${name}`} label={label} error={error} describedBy={describedBy}>
      {(field) => (
        <input
          {...field}
          className={`${field.className} font-mono`}
          inputMode="numeric"
          autoComplete={autoComplete}
          placeholder={placeholder}
          {...register(name)}
        />
      )}
    </FormField>
  );
}
