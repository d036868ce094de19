import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@shop/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { usersQueryKey } from './get-users';

export const makeAdmin = (email: string) =>
  apiRequest<{ modifiedCount: number }>(apiPaths.makeAdmin(email), { method: 'PUT' });

/** Promotes an account to admin; the users list reloads afterwards. */
export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
