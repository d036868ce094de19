import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { copy } from '@shop/shared/copy';
import { passwordResetBody } from '@shop/shared/contracts/account-recovery';
import { FormField } from '@/components/ui/form-field';
import { usePageTitle } from '@/components/ui/use-page-title';
import { BusyButton } from '@/components/ui/busy-button';
import { FormAlert } from '@/components/ui/form-alert';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toastIfRateLimited } from '@/lib/failure-toast';
import { sameNames, setFieldIssues } from '@/lib/field-issues';
import { useResetPassword } from '../api/account-recovery';
import { RecoveryCard } from './recovery-card';

// Sign-up's password rule and messages (docs/behaviour.md §4.4).
const newPasswordForm = passwordResetBody.pick({ password: true });
type Values = z.output<typeof newPasswordForm>;
const issueFields = sameNames<keyof Values>('password');

/** What the login page reads to say the password was just changed. */
interface PasswordChangedState {
  passwordChanged: true;
}

function LinkInvalid() {
  return (
    <>
      <FormAlert message={copy.recovery.resetLinkInvalid} />
      <Link to={paths.forgotPassword} className="btn btn-primary">
        {copy.recovery.askAgain}
      </Link>
    </>
  );
}

/**
 * /reset-password?token=…: the page the reset mail's link opens. On success every session of
 * the account has ended, and the user goes to sign in (docs/behaviour.md §4.9).
 */
export function ResetPasswordPage() {
  usePageTitle('Choose a New Password');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const [isLinkInvalid, setIsLinkInvalid] = useState(token === '');
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof newPasswordForm>, unknown, Values>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { password: '' },
  });

  const onSubmit = async ({ password }: Values) => {
    setServerError(null);
    try {
      await resetPassword.mutateAsync({ token, password });
      const state: PasswordChangedState = { passwordChanged: true };
      navigate(paths.login, { replace: true, state });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid-link') return setIsLinkInvalid(true);
      setServerError(errorMessage(error));
      setFieldIssues(error, setError, issueFields);
      toastIfRateLimited(error);
    }
  };

  return (
    <RecoveryCard title={copy.recovery.resetTitle}>
      {isLinkInvalid ? (
        <LinkInvalid />
      ) : (
        <form className="flex flex-col gap-4" noValidate onSubmit={handleSubmit(onSubmit)}>
          <p>{copy.recovery.resetIntro}</p>
          <FormField id="reset-password" label="New Password" error={errors.password?.message}>
            {(field) => (
              <input {...field} type="password" autoComplete="new-password" {...register('password')} />
            )}
          </FormField>
          <BusyButton isBusy={resetPassword.isPending}>{copy.recovery.resetSubmit}</BusyButton>
          <FormAlert message={serverError} />
        </form>
      )}
    </RecoveryCard>
  );
}
