import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** A 401 or 403 here signs the user out and sends them home (docs/behaviour.md §5.4). */
export const getAllOrders = () => callApi('GET /order', { signOutOnAuthError: true });

export const allOrdersQueryKey = ['orders', 'all'] as const;

export const allOrdersQueryOptions = () =>
  queryOptions({ queryKey: allOrdersQueryKey, queryFn: getAllOrders });

export const useAllOrders = () => useQuery(allOrdersQueryOptions());
