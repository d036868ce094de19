import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@shop/shared/api-paths';
import type { Order } from '@shop/shared/contracts/orders';
import { apiRequest } from '@/lib/api-client';

/** A 401 or 403 here signs the user out and sends them home (spec section 4, Session). */
export const getMyOrders = (email: string) =>
  apiRequest<Order[]>(apiPaths.myOrders(email), { signOutOnAuthError: true });

export const myOrdersQueryKey = ['orders', 'mine'] as const;

export const myOrdersQueryOptions = (email: string) =>
  queryOptions({ queryKey: [...myOrdersQueryKey, email], queryFn: () => getMyOrders(email) });

export const useMyOrders = (email: string) => useQuery(myOrdersQueryOptions(email));
