import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { toolsQueryKey } from './get-tools';

const deleteTool = (toolId: string) => callApi('DELETE /delete-tool/:id', { params: { id: toolId } });

/** Deletes a tool; every tools list refetches afterwards. */
export function useDeleteTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTool,
    onSettled: () => queryClient.invalidateQueries({ queryKey: toolsQueryKey }),
  });
}
