import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@shop/shared/api-paths';
import type { Tool } from '@shop/shared/contracts/tools';
import { apiRequest } from '@/lib/api-client';

/** The admin's list: a 401 or 403 signs the user out and sends them home (spec section 4). */
export const getTools = () => apiRequest<Tool[]>(apiPaths.tools, { signOutOnAuthError: true });

/** Every tools query starts with 'tools', so a change here refreshes the catalogue too. */
export const toolsQueryKey = ['tools'] as const;

export const manageToolsQueryOptions = () =>
  queryOptions({
    queryKey: [...toolsQueryKey, 'manage'],
    queryFn: getTools,
    // The API lists oldest first; Manage Products shows the newest first.
    select: (tools) => [...tools].reverse(),
  });

export const useManageTools = () => useQuery(manageToolsQueryOptions());
