import { useMutation } from '@tanstack/react-query';
import type { QuickAddBody } from '@shop/shared/contracts/cart';
import { callApi } from '@/lib/api-client';
import { useCartAddition } from '@/lib/queries/cart-additions';

type Rows = QuickAddBody['rows'];

/**
 * POST /cart/quick-add/check: what adding the rows would do, row by row; the cart is not changed
 * (docs/behaviour.md §5.19). The pad shows it before anything is added.
 */
export const useCheckRows = () =>
  useMutation({ mutationFn: (rows: Rows) => callApi('POST /cart/quick-add/check', { body: { rows } }) });

interface QuickAddRequest {
  rows: Rows;
  /** One per attempt, the same on each retry of it: the rows then go in once. */
  idempotencyKey: string;
}

/** POST /cart/quick-add: the rows into the cart, each checked again; the answer's cart replaces the cached one. */
export const useQuickAdd = () =>
  useCartAddition(({ rows, idempotencyKey }: QuickAddRequest) =>
    callApi('POST /cart/quick-add', { body: { rows }, headers: { 'idempotency-key': idempotencyKey } }),
  );
