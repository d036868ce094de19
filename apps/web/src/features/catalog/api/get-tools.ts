import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** GET /tool. A 401/403 here signs the user out (docs/behaviour.md §5.4). */
export const getTools = (signal?: AbortSignal) => callApi('GET /tool', { signal, signOutOnAuthError: true });

export const toolsQueryOptions = () =>
  queryOptions({ queryKey: ['tools', 'list'], queryFn: ({ signal }) => getTools(signal) });

export const useTools = () => useQuery(toolsQueryOptions());
