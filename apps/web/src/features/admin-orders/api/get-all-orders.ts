import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { toOrder } from '@/lib/domain/order';

/** A 401 or 403 here signs the user out and sends them home (docs/behaviour.md §5.4). */
const getAllOrders = async () => (await callApi('GET /order', { signOutOnAuthError: true })).map(toOrder);

export const allOrdersQueryKey = ['orders', 'all'] as const;

const allOrdersQueryOptions = () => queryOptions({ queryKey: allOrdersQueryKey, queryFn: getAllOrders });

export const useAllOrders = () => useQuery(allOrdersQueryOptions());
