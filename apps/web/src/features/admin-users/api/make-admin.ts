import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries/query-keys';

const makeAdmin = (email: string) => callApi('PUT /user/admin/:email', { params: { email } });

/** Promotes an account to admin; the users list reloads afterwards. */
export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.route('GET /user') }),
  });
}
