import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShipOrderBody } from '@shop/shared/contracts/orders';
import { callApi } from '@/lib/api-client';

/** Every order list and page: all refetch after an admin's change (['orders', …] keys). */
const ordersKey = ['orders'] as const;

const cancelAsAdmin = (orderId: string) => callApi('POST /order/:id/cancel', { params: { id: orderId } });

/** Cancels an unshipped order; a paid one is refunded (docs/behaviour.md §23.4). */
export function useAdminCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAsAdmin,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}

const shipWithDetails = ({ orderId, body }: { orderId: string; body: ShipOrderBody }) =>
  callApi('PATCH /shipping-order/:id', { params: { id: orderId }, body });

/** Marks a paid order shipped with an optional carrier and tracking number (§23.3). */
export function useShipWithDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipWithDetails,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKey }),
  });
}
