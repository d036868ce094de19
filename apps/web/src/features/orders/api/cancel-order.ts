import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateRoutes, orderReads } from '@/lib/queries/invalidate-routes';

const cancelOrder = (orderId: string) => callApi('DELETE /order/:id', { params: { id: orderId } });

/** Cancels an unpaid order; the list (and every other order read) refetches afterwards. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => invalidateRoutes(queryClient, orderReads),
  });
}
