import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { allOrdersQueryKey } from './get-all-orders';

const shipOrder = (orderId: string) =>
  callApi('PATCH /shipping-order/:id', { params: { id: orderId }, body: undefined });

/** Marks a paid order as shipped; the orders list refetches afterwards. */
export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: allOrdersQueryKey }),
  });
}
