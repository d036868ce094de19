import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { toOrderDetail } from '@/lib/domain/order';
import { queryKeys } from '@/lib/queries/query-keys';

/** One order, for its owner (or an admin); someone else's answers 403, an unknown id 404. */
const getOrder = async (orderId: string) =>
  toOrderDetail(await callApi('GET /order/:id', { params: { id: orderId } }));

export const orderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: queryKeys.answer('GET /order/:id', { id: orderId }),
    queryFn: () => getOrder(orderId),
  });

export const useOrder = (orderId: string) => useQuery(orderQueryOptions(orderId));
