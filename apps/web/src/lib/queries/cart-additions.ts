import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartAdditionsResponse } from '@shop/shared/contracts/cart';
import { cartQueryOptions } from './get-cart';
import { queryKeys } from './query-keys';

/**
 * A change that adds rows to the cart and answers what became of each (POST /cart/quick-add,
 * Order again, a saved list's Add to cart; docs/behaviour.md §5.19). The answer's cart replaces
 * the cached one; a failure may or may not have changed the cart (an answer lost on the way), so
 * the cart is read again. Either way the tax checkout worked out for the cart is stale.
 */
export function useCartAddition<Input>(add: (input: Input) => Promise<CartAdditionsResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: add,
    onSuccess: ({ cart }) => queryClient.setQueryData(cartQueryOptions().queryKey, cart),
    onError: () => queryClient.invalidateQueries({ queryKey: queryKeys.route('GET /cart') }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.route('GET /cart/tax') }),
  });
}
