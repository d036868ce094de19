import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Cart } from '@shop/shared/contracts/cart';
import { ApiError, callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries/query-keys';

/** A refusal that says so at once: asking again straight away would not work out the tax either. */
const isLasting = (error: Error) =>
  error instanceof ApiError &&
  (error.code === 'tax-unavailable' || (error.status >= 400 && error.status < 500));

/**
 * GET /cart/tax: what the cart would pay in tax shipped to one address, as checkout decides it
 * (docs/behaviour.md §5.22). One answer per address, beside the cart's own; every change of the
 * cart invalidates them (set-cart-lines, cart additions, checkout, contract prices), and so does
 * a cart read again with other figures while checkout shows it. None without an address.
 */
export function useCartTax(addressId: string, cart: Cart) {
  const queryClient = useQueryClient();
  const shown = useRef(cart);
  useEffect(() => {
    // The cache keeps an unchanged answer's object: a new one is another cart.
    if (shown.current === cart) return;
    shown.current = cart;
    void queryClient.invalidateQueries({ queryKey: queryKeys.route('GET /cart/tax') });
  }, [cart, queryClient]);
  return useQuery({
    queryKey: queryKeys.answer('GET /cart/tax', { addressId }),
    queryFn: ({ signal }) => callApi('GET /cart/tax', { query: { addressId }, signal }),
    enabled: addressId !== '',
    retry: (failures, error) => failures < 2 && !isLasting(error),
  });
}
