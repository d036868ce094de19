import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@shop/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { myOrdersQueryKey } from './get-my-orders';

export const cancelOrder = (orderId: string) =>
  apiRequest<{ deletedCount: number }>(apiPaths.order(orderId), { method: 'DELETE' });

/** Cancels an unpaid order; the list refetches afterwards. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: myOrdersQueryKey }),
  });
}
