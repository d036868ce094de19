import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CartLineResult, SetCartLinesBody } from '@shop/shared/contracts/cart';
import { callApi } from '../api-client';
import { cartQueryOptions } from './get-cart';
import { queryKeys } from './query-keys';

type CartLineRequest = SetCartLinesBody['lines'][number];

/**
 * PUT /cart/lines for one tool: the quantity its line should end up with (0 takes it out). The
 * answer's cart replaces the cached one; the line's result (ok, or refused with its message and
 * the nearest valid quantities) is what the screen shows. A refused quantity is left as it was,
 * never rounded.
 */
async function setCartLine(queryClient: QueryClient, line: CartLineRequest): Promise<CartLineResult> {
  const { cart, results } = await callApi('PUT /cart/lines', { body: { lines: [line] } });
  queryClient.setQueryData(cartQueryOptions().queryKey, cart);
  // Another cart pays another tax (GET /cart/tax, checkout's).
  void queryClient.invalidateQueries({ queryKey: queryKeys.route('GET /cart/tax') });
  return results[0] ?? { toolId: line.toolId, status: 'ok' };
}

/** Sets one line's quantity (the cart page's quantity field, Remove with 0). */
export function useSetCartLine() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (line: CartLineRequest) => setCartLine(queryClient, line) });
}

/**
 * Add to cart: `added` more of a tool. The request names the quantity the line ends up with, what
 * the cart holds (read first when it is not cached yet) plus the added units, so that the tool's
 * rules are checked on what the cart will hold. Answers the line's result and that quantity.
 */
export function useAddToCart(toolId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (added: number) => {
      const cart = await queryClient.ensureQueryData(cartQueryOptions());
      const held = cart.lines.find((line) => line.toolId === toolId)?.quantity ?? 0;
      const quantity = held + added;
      return { result: await setCartLine(queryClient, { toolId, quantity }), quantity };
    },
  });
}
