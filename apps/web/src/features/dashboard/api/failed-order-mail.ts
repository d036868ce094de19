import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries/query-keys';

const failedOrderMailOptions = queryOptions({
  queryKey: queryKeys.answer('GET /order-mail/failed'),
  queryFn: ({ signal }) => callApi('GET /order-mail/failed', { signal }),
});

/** The order e-mails given up on after every retry (docs/behaviour.md §5.13). */
export const useFailedOrderMail = () => useQuery(failedOrderMailOptions);

/** Sends one of them again; the list reloads. */
export function useRetryOrderMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('POST /order-mail/:id/retry', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: failedOrderMailOptions.queryKey }),
  });
}
