import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries/query-keys';

export const devicesQueryKey = queryKeys.answer('GET /account/sessions');

/** The account's signed-in devices, this one first. */
export const useDevices = () =>
  useQuery({
    queryKey: devicesQueryKey,
    queryFn: async () => (await callApi('GET /account/sessions')).sessions,
  });

/** Signs one device out, or (no id) every device but this one; the list refetches. */
export function useSignOutDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      id === null
        ? callApi('DELETE /account/sessions')
        : callApi('DELETE /account/sessions/:id', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesQueryKey }),
  });
}
