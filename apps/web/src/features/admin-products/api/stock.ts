import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RestockBody, StockAdjustmentBody } from '@shop/shared/contracts/stock';
import { callApi } from '@/lib/api-client';
import { toolsQueryKey } from './get-tools';

/** A tool's stock ledger, newest first (docs/behaviour.md §13.2). */
const stockMovementsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...toolsQueryKey, 'stock-movements', id],
    queryFn: ({ signal }) => callApi('GET /tool/:id/stock-movements', { params: { id }, signal }),
  });

export const useStockMovements = (id: string) => useQuery(stockMovementsQueryOptions(id));

export type StockChange =
  | { kind: 'restock'; toolId: string; body: RestockBody }
  | { kind: 'adjustment'; toolId: string; body: StockAdjustmentBody };

const changeStock = (change: StockChange) =>
  change.kind === 'restock'
    ? callApi('POST /tool/:id/restock', { params: { id: change.toolId }, body: change.body })
    : callApi('POST /tool/:id/stock-adjustment', { params: { id: change.toolId }, body: change.body });

/** A restock or an adjustment; every tools list (and the ledger) refetches afterwards. */
export function useChangeStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStock,
    onSettled: () => queryClient.invalidateQueries({ queryKey: toolsQueryKey }),
  });
}
