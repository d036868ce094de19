import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../api-client';
import { queryKeys } from './query-keys';

/**
 * GET /cart: the signed-in buyer's cart, each line priced by the server from its tool as it is
 * now. One cache entry that the bar's cart link, Add to cart, the cart page and checkout read;
 * PUT /cart/lines answers the cart, which replaces it. Its names are the domain's: no mapping.
 * Kept this small because the bar, in the first load, imports it.
 */
export const cartQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.answer('GET /cart'),
    queryFn: ({ signal }) => callApi('GET /cart', { signal }),
  });
