import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@shop/shared/api-paths';
import type { Tool } from '@shop/shared/contracts/tools';
import { apiRequest } from '@/lib/api-client';

/** GET /tool. A 401/403 here signs the user out (spec section 4, Session). */
export const getTools = (signal?: AbortSignal) =>
  apiRequest<Tool[]>(apiPaths.tools, { signal, signOutOnAuthError: true });

export const toolsQueryOptions = () =>
  queryOptions({ queryKey: ['tools', 'list'], queryFn: ({ signal }) => getTools(signal) });

export const useTools = () => useQuery(toolsQueryOptions());
