import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateRoutes, orderReads } from '@/lib/queries/invalidate-routes';

const cancelAsAdmin = (orderId: string) => callApi('POST /order/:id/cancel', { params: { id: orderId } });

/** Cancels an unshipped order; a paid one is refunded (docs/behaviour.md §5.10). Every order read refetches. */
export function useAdminCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAsAdmin,
    onSettled: () => invalidateRoutes(queryClient, orderReads),
  });
}
