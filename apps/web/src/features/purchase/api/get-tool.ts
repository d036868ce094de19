import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { toTool } from '@/lib/domain/tool';

/** GET /tool/{id}: one tool for the purchase page. */
export const getTool = async (id: string, signal?: AbortSignal) =>
  toTool(await callApi('GET /tool/:id', { params: { id }, signal }));

export const toolQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['tools', 'detail', id], queryFn: ({ signal }) => getTool(id, signal) });

export const useTool = (id: string) => useQuery(toolQueryOptions(id));
