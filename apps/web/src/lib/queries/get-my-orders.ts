import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import { toOrder, type Order } from '../domain/order';
import { queryKeys } from './query-keys';

/**
 * The signed-in customer's orders, newest first: one cache entry that My Orders, the dashboard's
 * open orders and the review form's tool choice all read. A 401 or 403 here signs the user out
 * and sends them home (docs/behaviour.md §4.5).
 */
const myOrdersQueryOptions = (email: string) =>
  queryOptions({
    queryKey: queryKeys.answer('GET /my-order', { email }),
    queryFn: async ({ signal }) =>
      (await callApi('GET /my-order', { query: { email }, signal, signOutOnAuthError: true })).map(toOrder),
  });

/** The orders, or what `select` makes of them (each screen its own view of the one answer). */
export const useMyOrders = <View = Order[]>(email: string, select?: (orders: Order[]) => View) =>
  useQuery({ ...myOrdersQueryOptions(email), select });
