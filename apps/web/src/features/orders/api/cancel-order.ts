import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { myOrdersQueryKey } from './get-my-orders';

const cancelOrder = (orderId: string) => callApi('DELETE /order/:id', { params: { id: orderId } });

/** Cancels an unpaid order; the list refetches afterwards. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: myOrdersQueryKey }),
  });
}
