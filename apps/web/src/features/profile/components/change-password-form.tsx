import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import type { z } from 'zod';
import { copy } from '@shop/shared/copy';
import { changePasswordBody, type ChangePasswordBody } from '@shop/shared/contracts/security';
import { securityCopy } from '@shop/shared/security-copy';
import { FormField } from '@/components/ui/form-field';
import { BusyButton } from '@/components/ui/busy-button';
import { FormAlert } from '@/components/ui/form-alert';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { toastIfRateLimited } from '@/lib/failure-toast';
import { sameNames, setFieldIssues } from '@/lib/field-issues';
import { useChangePassword } from '../api/change-password';

const issueFields = sameNames<keyof ChangePasswordBody>('currentPassword', 'newPassword');

/** Change password: the current one, a new one under the sign-up rules (docs/behaviour.md §4.12). */
export function ChangePasswordForm() {
  const { user } = useAuth();
  const changePassword = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof changePasswordBody>, unknown, ChangePasswordBody>({
    resolver: zodResolver(changePasswordBody),
    defaultValues: { currentPassword: '', newPassword: '', signOutOtherDevices: true },
  });

  const onSubmit = async (values: ChangePasswordBody) => {
    setFormError(null);
    // The original's one message for a password change without a signed-in user (§10.5).
    if (!user) return setFormError(copy.noUserLoggedIn);
    try {
      await changePassword.mutateAsync(values);
      toast.success(
        values.signOutOtherDevices ? securityCopy.passwordChangedEverywhere : securityCopy.passwordChanged,
      );
      reset();
    } catch (error) {
      setFieldIssues(error, setError, issueFields);
      if (toastIfRateLimited(error)) return;
      if (!(error instanceof ApiError && error.issues.length > 0)) setFormError(errorMessage(error));
    }
  };

  return (
    <form
      className="flex flex-col gap-3"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-labelledby="change-password-heading"
    >
      <h4 id="change-password-heading" className="text-lg font-semibold">
        Change password
      </h4>
      <FormField id="current-password" label="Current password" error={errors.currentPassword?.message}>
        {(field) => (
          <input
            {...field}
            type="password"
            autoComplete="current-password"
            {...register('currentPassword')}
          />
        )}
      </FormField>
      <FormField id="new-password" label="New password" error={errors.newPassword?.message}>
        {(field) => (
          <input {...field} type="password" autoComplete="new-password" {...register('newPassword')} />
        )}
      </FormField>
      <label className="flex cursor-pointer items-center gap-2">
        <input
          type="checkbox"
          className="checkbox checkbox-sm checkbox-primary"
          {...register('signOutOtherDevices')}
        />
        Sign out my other devices
      </label>
      <FormAlert message={formError} />
      <div>
        <BusyButton isBusy={isSubmitting}>Change password</BusyButton>
      </div>
    </form>
  );
}
