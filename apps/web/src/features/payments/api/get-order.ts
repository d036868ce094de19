import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@shop/shared/api-paths';
import type { Order } from '@shop/shared/contracts/orders';
import { apiRequest } from '@/lib/api-client';

/** One order, for its owner (or an admin); someone else's answers 403, an unknown id 404. */
export const getOrder = (orderId: string) => apiRequest<Order>(apiPaths.order(orderId));

export const orderQueryOptions = (orderId: string) =>
  queryOptions({ queryKey: ['order', orderId], queryFn: () => getOrder(orderId) });

export const useOrder = (orderId: string) => useQuery(orderQueryOptions(orderId));
