import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@shop/shared/api-paths';
import type { Tool } from '@shop/shared/contracts/tools';
import { apiRequest } from '@/lib/api-client';

/** GET /tool/{id}: one tool for the purchase page. */
export const getTool = (id: string, signal?: AbortSignal) => apiRequest<Tool>(apiPaths.tool(id), { signal });

export const toolQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['tools', 'detail', id], queryFn: ({ signal }) => getTool(id, signal) });

export const useTool = (id: string) => useQuery(toolQueryOptions(id));
