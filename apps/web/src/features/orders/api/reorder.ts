import { callApi } from '@/lib/api-client';
import { useCartAddition } from '@/lib/queries/cart-additions';

interface ReorderRequest {
  orderId: string;
  /** One per attempt, the same on a retry of it: the lines then go into the cart once. */
  idempotencyKey: string;
}

/**
 * Order again (POST /order/:id/reorder, docs/behaviour.md §5.19): the order's lines into the
 * cart at today's prices and rules; the PO number is not copied. The answer says what became of
 * each line, and its cart replaces the cached one.
 */
export const useReorder = () =>
  useCartAddition(({ orderId, idempotencyKey }: ReorderRequest) =>
    callApi('POST /order/:id/reorder', {
      params: { id: orderId },
      headers: { 'idempotency-key': idempotencyKey },
    }),
  );
