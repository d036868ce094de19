import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { toOrder, type Order } from '@/lib/domain/order';

/**
 * Open: not finished yet, so unpaid or waiting to be shipped (docs/behaviour.md §22.4); shipped,
 * cancelled, expired and refunded orders are done.
 */
const isOpenOrder = (order: Pick<Order, 'state'>) => order.state === 'unpaid' || order.state === 'paid';

const getOpenOrders = async (email: string, signal: AbortSignal) =>
  (await callApi('GET /my-order', { query: { email }, signal, signOutOnAuthError: true }))
    .map(toOrder)
    .filter(isOpenOrder);

// Under My Orders' key ('orders', 'mine'): cancelling or paying there refreshes this list too.
const openOrdersOptions = (email: string) =>
  queryOptions({
    queryKey: ['orders', 'mine', 'open', email],
    queryFn: ({ signal }) => getOpenOrders(email, signal),
  });

/** The signed-in customer's open orders, newest first. */
export const useOpenOrders = (email: string) => useQuery(openOrdersOptions(email));
