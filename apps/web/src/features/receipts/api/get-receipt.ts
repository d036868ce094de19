import { useQuery } from '@tanstack/react-query';
import type { RouteResponse } from '@shop/shared/api/routes';
import { callApi } from '@/lib/api-client';
import { queryKeys } from '@/lib/queries/query-keys';

/** A paid order's receipt as the API sends it (docs/behaviour.md §5.16): its names are the domain's. */
export type Receipt = RouteResponse<'GET /order/:id/receipt'>;

/** The receipt of one order, for its customer or an admin; others hear 404, an unpaid order 409. */
export const useReceipt = (orderId: string) =>
  useQuery({
    queryKey: queryKeys.answer('GET /order/:id/receipt', { id: orderId }),
    queryFn: ({ signal }) => callApi('GET /order/:id/receipt', { params: { id: orderId }, signal }),
    // A 404 or 409 will not change on a second try.
    retry: false,
  });
