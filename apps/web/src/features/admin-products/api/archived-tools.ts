import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { toTool } from '@/lib/domain/tool';
import { invalidateRoutes, toolReads } from '@/lib/queries/invalidate-routes';
import { queryKeys } from '@/lib/queries/query-keys';

/** Archived tools, the most recently archived first (docs/behaviour.md §3.12). */
const archivedToolsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.answer('GET /archived-tool'),
    queryFn: async ({ signal }) =>
      (await callApi('GET /archived-tool', { signal })).map((wire) => ({
        ...toTool(wire),
        archivedAt: wire.archivedAt,
      })),
  });

export const useArchivedTools = () => useQuery(archivedToolsQueryOptions());

/** Puts a tool back in the shop; every catalogue read refetches. */
export function useRestoreTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('POST /archived-tool/:id/restore', { params: { id } }),
    onSettled: () => invalidateRoutes(queryClient, toolReads),
  });
}
