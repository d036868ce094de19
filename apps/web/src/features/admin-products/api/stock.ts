import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestockBody, StockAdjustmentBody } from '@shop/shared/contracts/stock';
import { callApi, callApiPage } from '@/lib/api-client';
import { invalidateRoutes, toolReads } from '@/lib/queries/invalidate-routes';
import { queryKeys } from '@/lib/queries/query-keys';

/** A tool's stock ledger, newest first, one page per 'Load more' (docs/behaviour.md §3.11). */
const stockMovementsQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.pages('GET /tool/:id/stock-movements', { id }),
    queryFn: async ({ pageParam, signal }) => {
      const page = await callApiPage('GET /tool/:id/stock-movements', {
        params: { id },
        ...(pageParam && { query: { cursor: pageParam } }),
        signal,
      });
      const { movements, ...tool } = page.items;
      return { items: movements, nextCursor: page.nextCursor, tool };
    },
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export const useStockMovements = (id: string) => useInfiniteQuery(stockMovementsQueryOptions(id));

export type StockChange =
  | { kind: 'restock'; toolId: string; body: RestockBody }
  | { kind: 'adjustment'; toolId: string; body: StockAdjustmentBody };

const changeStock = (change: StockChange) =>
  change.kind === 'restock'
    ? callApi('POST /tool/:id/restock', { params: { id: change.toolId }, body: change.body })
    : callApi('POST /tool/:id/stock-adjustment', { params: { id: change.toolId }, body: change.body });

/** A restock or an adjustment; every catalogue read (the ledger too) refetches afterwards. */
export function useChangeStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStock,
    onSettled: () => invalidateRoutes(queryClient, toolReads),
  });
}
