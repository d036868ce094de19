import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { toTool } from '@/lib/domain/tool';

/** GET /tool. A 401/403 here signs the user out (docs/behaviour.md §5.4). */
const getTools = async (signal?: AbortSignal) =>
  (await callApi('GET /tool', { signal, signOutOnAuthError: true })).map(toTool);

const toolsQueryOptions = () =>
  queryOptions({ queryKey: ['tools', 'list'], queryFn: ({ signal }) => getTools(signal) });

export const useTools = () => useQuery(toolsQueryOptions());
