import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { invalidateRoutes, toolReads } from '@/lib/queries/invalidate-routes';

const deleteTool = (toolId: string) => callApi('DELETE /delete-tool/:id', { params: { id: toolId } });

/** Deletes a tool; every catalogue read refetches afterwards. */
export function useDeleteTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTool,
    onSettled: () => invalidateRoutes(queryClient, toolReads),
  });
}
