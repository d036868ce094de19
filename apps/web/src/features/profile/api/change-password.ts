import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@shop/shared/contracts/security';
import { callApi } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { devicesQueryKey } from './devices';

/** Changes the password; signing out the other devices gives this one a new token, kept at once. */
export function useChangePassword() {
  const { replaceToken } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => callApi('POST /account/password', { body }),
    onSuccess: ({ token }) => {
      replaceToken(token);
      return queryClient.invalidateQueries({ queryKey: devicesQueryKey });
    },
  });
}
