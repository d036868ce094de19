import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@shop/shared/api-paths';
import { apiRequest } from '@/lib/api-client';
import { toolsQueryKey } from './get-tools';

export const deleteTool = (toolId: string) =>
  apiRequest<{ deletedCount: number }>(apiPaths.deleteTool(toolId), { method: 'DELETE' });

/** Deletes a tool; every tools list refetches afterwards. */
export function useDeleteTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTool,
    onSettled: () => queryClient.invalidateQueries({ queryKey: toolsQueryKey }),
  });
}
