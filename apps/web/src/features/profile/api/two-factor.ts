import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { twoFactorStatusQuery } from '@/lib/auth/use-two-factor-status';
import { devicesQueryKey } from './devices';

/** Step one of turning it on: the password gives the secret, its otpauth URI and the recovery codes. */
export const useStartTwoFactorSetup = () =>
  useMutation({
    mutationFn: (password: string) => callApi('POST /account/two-factor', { body: { password } }),
  });

/**
 * Confirming with a code, or turning it off: the server replaces this session, so the new token
 * is kept at once, and the status and the device list refetch.
 */
export function useSwitchTwoFactor(action: 'confirm' | 'disable') {
  const { replaceToken } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: string) =>
      action === 'confirm'
        ? callApi('POST /account/two-factor/confirm', { body: { code: value } })
        : callApi('POST /account/two-factor/disable', { body: { password: value } }),
    onSuccess: async ({ token }) => {
      replaceToken(token);
      await queryClient.invalidateQueries({ queryKey: twoFactorStatusQuery.queryKey });
      await queryClient.invalidateQueries({ queryKey: devicesQueryKey });
    },
  });
}
