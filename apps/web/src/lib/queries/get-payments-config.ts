import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import { queryKeys } from './query-keys';

/** Which card processor the shop uses (demo or Stripe, with its publishable key). */
const getPaymentsConfig = () => callApi('GET /payments/config');

const paymentsConfigQueryOptions = queryOptions({
  queryKey: queryKeys.answer('GET /payments/config'),
  queryFn: getPaymentsConfig,
  // Set at the server's start: it does not change while the page is open.
  staleTime: Infinity,
});

export const usePaymentsConfig = () => useQuery(paymentsConfigQueryOptions);
