import { queryOptions, useQuery } from '@tanstack/react-query';
import { dollarsToCents } from '@shop/shared/money';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries/query-keys';

/** GET /order-rules: the shop-wide order minimum, in cents, or null (docs/behaviour.md §5.3). */
const getOrderMinimumCents = async (signal?: AbortSignal) => {
  const { orderMinimum } = await callApi('GET /order-rules', { signal });
  return orderMinimum === null ? null : dollarsToCents(orderMinimum);
};

const orderRulesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.answer('GET /order-rules'),
    queryFn: ({ signal }) => getOrderMinimumCents(signal),
    staleTime: Infinity,
  });

export const useOrderMinimumCents = () => useQuery(orderRulesQueryOptions());
