import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { toOrderDetail } from '@/lib/domain/order';
import { queryKeys } from '@/lib/queries/query-keys';

/** One of the order reads (orderReads): an admin's ship or cancel refetches it. */
const orderTimelineQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.answer('GET /order/:id/timeline', { id }),
    queryFn: async ({ signal }) => {
      const { order, events } = await callApi('GET /order/:id/timeline', { params: { id }, signal });
      return { order: toOrderDetail(order), events };
    },
  });

/** One order and its events, oldest first (docs/behaviour.md §5.6). */
export const useOrderTimeline = (id: string) => useQuery(orderTimelineQueryOptions(id));
