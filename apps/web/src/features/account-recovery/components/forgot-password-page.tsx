import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { copy } from '@shop/shared/copy';
import { passwordResetRequestBody } from '@shop/shared/contracts/account-recovery';
import { FormField } from '@/components/ui/form-field';
import { usePageTitle } from '@/components/ui/use-page-title';
import { BusyButton } from '@/components/ui/busy-button';
import { FormAlert } from '@/components/ui/form-alert';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { toastIfRateLimited } from '@/lib/failure-toast';
import { useRequestPasswordReset } from '../api/account-recovery';
import { RecoveryCard } from './recovery-card';

type Values = z.output<typeof passwordResetRequestBody>;

/**
 * /forgot-password: asks for the e-mail and answers every address the same way, so the page
 * cannot tell anyone who has an account (docs/behaviour.md §4.9).
 */
export function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  const requestReset = useRequestPasswordReset();
  const [sent, setSent] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof passwordResetRequestBody>, unknown, Values>({
    resolver: zodResolver(passwordResetRequestBody),
    defaultValues: { email: '' },
  });

  const onSubmit = async ({ email }: Values) => {
    setServerError(null);
    try {
      setSent((await requestReset.mutateAsync(email)).message);
    } catch (error) {
      setServerError(errorMessage(error));
      toastIfRateLimited(error);
    }
  };

  return (
    <RecoveryCard title={copy.recovery.forgotTitle}>
      {sent ? (
        <p role="status" className="alert alert-success alert-soft">
          {sent}
        </p>
      ) : (
        <form className="flex flex-col gap-4" noValidate onSubmit={handleSubmit(onSubmit)}>
          <p>{copy.recovery.forgotIntro}</p>
          <FormField id="forgot-email" label="Email" error={errors.email?.message}>
            {(field) => <input {...field} type="email" autoComplete="email" {...register('email')} />}
          </FormField>
          <BusyButton isBusy={requestReset.isPending}>{copy.recovery.forgotSubmit}</BusyButton>
          <FormAlert message={serverError} />
        </form>
      )}
      <p className="text-center">
        <Link to={paths.login} className="link link-primary font-semibold">
          {copy.recovery.backToLogin}
        </Link>
      </p>
    </RecoveryCard>
  );
}
