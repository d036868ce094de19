import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkOrderPaidBody } from '@shop/shared/contracts/orders';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries/query-keys';
import { orderQueryOptions } from './get-order';

/** PATCH /order/{id}: the server checks the payment with the processor before it marks the order paid. */
const markOrderPaid = (orderId: string, body: MarkOrderPaidBody) =>
  callApi('PATCH /order/:id', { params: { id: orderId }, body });

export function useMarkOrderPaid(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transactionId: string) => markOrderPaid(orderId, { tools: orderId, transactionId }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: queryKeys.answer('POST /create-payment-intent', { orderId }) });
      // Every cached order list is out of date now (My Orders shows Paid on its next visit).
      await queryClient.invalidateQueries({ refetchType: 'none' });
      await queryClient.invalidateQueries({ queryKey: orderQueryOptions(orderId).queryKey });
    },
  });
}
