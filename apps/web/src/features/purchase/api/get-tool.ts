import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** GET /tool/{id}: one tool for the purchase page. */
export const getTool = (id: string, signal?: AbortSignal) =>
  callApi('GET /tool/:id', { params: { id }, signal });

export const toolQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['tools', 'detail', id], queryFn: ({ signal }) => getTool(id, signal) });

export const useTool = (id: string) => useQuery(toolQueryOptions(id));
