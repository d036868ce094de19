import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { toTool } from '@/lib/domain/tool';

/** The admin's list: a 401 or 403 signs the user out and sends them home (docs/behaviour.md §5.4). */
const getTools = async () => (await callApi('GET /tool', { signOutOnAuthError: true })).map(toTool);

/** Every tools query starts with 'tools', so a change here refreshes the catalogue too. */
export const toolsQueryKey = ['tools'] as const;

const manageToolsQueryOptions = () =>
  queryOptions({
    queryKey: [...toolsQueryKey, 'manage'],
    queryFn: getTools,
    // The API lists oldest first; Manage Products shows the newest first.
    select: (tools) => [...tools].reverse(),
  });

export const useManageTools = () => useQuery(manageToolsQueryOptions());
