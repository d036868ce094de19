import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@shop/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { allOrdersQueryKey } from './get-all-orders';

export const shipOrder = (orderId: string) =>
  apiRequest<{ modifiedCount: number }>(apiPaths.shipOrder(orderId), { method: 'PATCH' });

/** Marks a paid order as shipped; the orders list refetches afterwards. */
export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: allOrdersQueryKey }),
  });
}
