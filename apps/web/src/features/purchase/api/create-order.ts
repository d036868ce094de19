import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateOrderBody } from '@shop/shared/contracts/orders';
import { callApi } from '@/lib/api-client';

/** POST /order. The server recomputes the price and reserves the stock. */
const createOrder = (body: CreateOrderBody) => callApi('POST /order', { body });

export const useCreateOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    // Stock and the customer's order list changed: whatever is cached is out of date now.
    // Marking it stale (without refetching here) makes the next screen fetch fresh data.
    onSuccess: () => queryClient.invalidateQueries({ refetchType: 'none' }),
  });
};
