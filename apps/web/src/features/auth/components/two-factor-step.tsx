import { useState, type FormEvent } from 'react';
import { securityCopy } from '@shop/shared/security-copy';
import { FormField } from '@/components/ui/form-field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth, type PendingTwoFactor } from '@/lib/auth/auth-context';
import { toastIfRateLimited } from '@/lib/failure-toast';
import { AuthCard } from './auth-card';

interface TwoFactorStepProps {
  pending: PendingTwoFactor;
  onSignedIn: () => void;
  /** Back to e-mail and password (the challenge expired, or the user changed their mind). */
  onRestart: () => void;
}

/** Login's second step when two-factor sign-in is on (docs/behaviour.md §4.13). */
export function TwoFactorStep({ pending, onSignedIn, onRestart }: TwoFactorStepProps) {
  const { verifyTwoFactor } = useAuth();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    setFieldError(undefined);
    if (code.trim() === '') {
      setFieldError(securityCopy.codeRequired);
      return;
    }
    setIsSubmitting(true);
    try {
      await verifyTwoFactor(pending, code);
      onSignedIn();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid-input') setFieldError(error.message);
      else if (!toastIfRateLimited(error)) setServerError(errorMessage(error));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <AuthCard
      title="Two-factor sign-in"
      onSubmit={onSubmit}
      isSubmitting={isSubmitting}
      submitLabel="Verify"
      serverError={serverError}
      social={null}
      footer={
        <button type="button" className="link link-primary font-semibold" onClick={onRestart}>
          Back to Login
        </button>
      }
    >
      <FormField
        id="login-code"
        label="Authentication code"
        error={fieldError}
        hint="The 6-digit code from your authenticator app, or one of your recovery codes."
      >
        {(field) => (
          <input
            {...field}
            type="text"
            autoComplete="one-time-code"
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        )}
      </FormField>
    </AuthCard>
  );
}
