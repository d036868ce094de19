import { useMutation } from '@tanstack/react-query';
import type { PasswordResetBody } from '@shop/shared/contracts/account-recovery';
import { callApi } from '@/lib/api-client';

/** Mails a reset link; the answer reads the same whether or not the address has an account. */
export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (email: string) => callApi('POST /password-reset', { body: { email } }) });

/** Sets the new password with the link's token. */
export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: PasswordResetBody) => callApi('POST /password-reset/complete', { body }),
  });

/** Mails the signed-in account's verification link again. */
export const useResendVerification = () =>
  useMutation({ mutationFn: () => callApi('POST /email-verification') });

/** Verifies the address the link's token names. */
export const verifyEmailRequest = (token: string) =>
  callApi('POST /email-verification/complete', { body: { token } });
