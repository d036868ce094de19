import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@shop/shared/api-paths';
import type { Order } from '@shop/shared/contracts/orders';
import { apiRequest } from '@/lib/api-client';

/** A 401 or 403 here signs the user out and sends them home (spec section 4, Session). */
export const getAllOrders = () => apiRequest<Order[]>(apiPaths.orders, { signOutOnAuthError: true });

export const allOrdersQueryKey = ['orders', 'all'] as const;

export const allOrdersQueryOptions = () =>
  queryOptions({ queryKey: allOrdersQueryKey, queryFn: getAllOrders });

export const useAllOrders = () => useQuery(allOrdersQueryOptions());
