import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { toOrder } from '@/lib/domain/order';

/** A 401 or 403 here signs the user out and sends them home (docs/behaviour.md §5.4). */
const getMyOrders = async (email: string) =>
  (await callApi('GET /my-order', { query: { email }, signOutOnAuthError: true })).map(toOrder);

export const myOrdersQueryKey = ['orders', 'mine'] as const;

const myOrdersQueryOptions = (email: string) =>
  queryOptions({ queryKey: [...myOrdersQueryKey, email], queryFn: () => getMyOrders(email) });

export const useMyOrders = (email: string) => useQuery(myOrdersQueryOptions(email));
