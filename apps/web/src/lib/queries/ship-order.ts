import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShipOrderBody } from '@shop/shared/contracts/orders';
import { callApi } from '../api-client';
import { invalidateRoutes, orderReads } from './invalidate-routes';

interface ShipRequest {
  orderId: string;
  /** A carrier and tracking number (the order page, §5.9); the orders list sends none. */
  body?: ShipOrderBody;
}

const shipOrder = ({ orderId, body }: ShipRequest) =>
  callApi('PATCH /shipping-order/:id', { params: { id: orderId }, body });

/** Marks a paid order shipped; every order list and page refetches afterwards. */
export function useShipOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shipOrder,
    onSettled: () => invalidateRoutes(queryClient, orderReads),
  });
}
