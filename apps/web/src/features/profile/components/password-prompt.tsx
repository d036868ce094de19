import { useState, type FormEvent } from 'react';
import { securityCopy } from '@shop/shared/security-copy';
import { FormField } from '@/components/ui/form-field';
import { BusyButton } from '@/components/ui/busy-button';
import { FormAlert } from '@/components/ui/form-alert';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toastIfRateLimited } from '@/lib/failure-toast';

interface PasswordPromptProps {
  id: string;
  submitLabel: string;
  /** Sends the password; a refusal shows under the field (wrong password) or under the form. */
  onSubmit: (password: string) => Promise<unknown>;
}

/** 'Confirm with your password' before turning two-factor sign-in on or off. */
export function PasswordPrompt({ id, submitLabel, onSubmit }: PasswordPromptProps) {
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(undefined);
    setFormError(null);
    if (password === '') return setFieldError(securityCopy.currentPasswordRequired);
    setIsSubmitting(true);
    try {
      await onSubmit(password);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid-input') setFieldError(error.message);
      else if (!toastIfRateLimited(error)) setFormError(errorMessage(error));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={submit}>
      <FormField id={id} label="Your password" error={fieldError}>
        {(field) => (
          <input
            {...field}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
      </FormField>
      <FormAlert message={formError} />
      <div>
        <BusyButton isBusy={isSubmitting}>{submitLabel}</BusyButton>
      </div>
    </form>
  );
}
