import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@shop/shared/api-paths';
import type { PaymentsConfigResponse } from '@shop/shared/contracts/payments';
import { apiRequest } from '@/lib/api-client';

/** Which card processor the shop uses (demo or Stripe, with its publishable key). */
export const getPaymentsConfig = () => apiRequest<PaymentsConfigResponse>(apiPaths.paymentsConfig);

export const paymentsConfigQueryOptions = queryOptions({
  queryKey: ['payments', 'config'],
  queryFn: getPaymentsConfig,
  // Set at the server's start: it does not change while the page is open.
  staleTime: Infinity,
});

export const usePaymentsConfig = () => useQuery(paymentsConfigQueryOptions);
