import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MetricPeriod } from '@shop/shared/contracts/shop-metrics';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries/query-keys';

const shopMetricsOptions = (days: MetricPeriod) =>
  queryOptions({
    queryKey: queryKeys.answer('GET /shop-metrics', { days }),
    queryFn: ({ signal }) => callApi('GET /shop-metrics', { query: { days }, signal }),
  });

/** The owner's figures for the last `days` UTC days (docs/behaviour.md §8.1); the last period stays shown while the next loads. */
export const useShopMetrics = (days: MetricPeriod) =>
  useQuery({ ...shopMetricsOptions(days), placeholderData: keepPreviousData });
