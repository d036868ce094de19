import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutBody } from '@shop/shared/contracts/cart';
import { callApi } from '@/lib/api-client';
import { invalidateRoutes, orderReads, toolReads } from '@/lib/queries/invalidate-routes';

interface CheckoutRequest {
  body: CheckoutBody;
  /** One per checkout attempt, the same on every retry of it: the server then makes one order. */
  idempotencyKey: string;
}

const checkout = ({ body, idempotencyKey }: CheckoutRequest) =>
  callApi('POST /checkout', { body, headers: { 'idempotency-key': idempotencyKey } });

/**
 * POST /checkout: the cart becomes one unpaid order, all lines or none. Whatever the answer, the
 * cart, the orders and the tools' stock may have changed: every read of them is stale.
 */
export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkout,
    // Not the cart's tax: awaited here, its new answer (an empty cart's) would come after the cart's
    // and before this checkout's own success, whose page is gone by then; checkout asks for the tax
    // again whenever the cart it shows changes (cart-tax.ts).
    // Paid by invoice, the company's statement has one more invoice (§5.23).
    onSettled: () =>
      invalidateRoutes(queryClient, [
        'GET /cart',
        ...orderReads,
        ...toolReads,
        'GET /company/:id/statement',
        'GET /order/:id/invoice',
      ]),
  });
}
