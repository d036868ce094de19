import { queryOptions, useQuery } from '@tanstack/react-query';
import { dollarsToCents } from '@shop/shared/money';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries/query-keys';

/** The shop-wide rules an order meets, in cents; null for none (docs/behaviour.md §5.3, §5.4). */
export interface ShopOrderRules {
  orderMinimumCents: number | null;
  freeShippingOverCents: number | null;
}

/** GET /order-rules: ORDER_MINIMUM and FREE_SHIPPING_OVER. */
const getOrderRules = async (signal?: AbortSignal): Promise<ShopOrderRules> => {
  const { orderMinimum, freeShippingOver } = await callApi('GET /order-rules', { signal });
  return {
    orderMinimumCents: orderMinimum === null ? null : dollarsToCents(orderMinimum),
    freeShippingOverCents: freeShippingOver === null ? null : dollarsToCents(freeShippingOver),
  };
};

const orderRulesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.answer('GET /order-rules'),
    queryFn: ({ signal }) => getOrderRules(signal),
    staleTime: Infinity,
  });

export const useShopOrderRules = () => useQuery(orderRulesQueryOptions());
